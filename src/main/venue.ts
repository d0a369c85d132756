// Entry of the embedded venue's utilityProcess: the venue CLI, in its own process.
import '../venue/cli.js';
