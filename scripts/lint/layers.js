// An allow-list of imports per room of the house (architecture.md, "Layers and rooms"): every
// linted file belongs to the most specific room whose folder holds it, and may import only its
// own room and what that room's entry lists. A file in no room is an error, so a new folder gets a
// rule before it gets code. The table lives in eslint.config.js; this file is the mechanism.
import { builtinModules } from 'node:module';
import { dirname, join, normalize, relative, sep } from 'node:path';

const BUILTINS = new Set(builtinModules);
/** Test files and the support they share may also use what a room's `tests` entry lists. */
const TEST_FILE = /(\.test\.tsx?|[-.]support\.ts|\.fixture\.ts)$/;

const posix = (p) => p.split(sep).join('/');

/** What an import names: a room (repo folder), `node` for a built-in, or a package name. */
function target(spec, fromFile, rooms, aliases) {
  for (const [alias, folder] of Object.entries(aliases)) {
    if (spec === alias || spec.startsWith(`${alias}/`)) return roomOf(join(folder, spec.slice(alias.length)), rooms) ?? folder;
  }
  if (spec.startsWith('.')) {
    const path = posix(normalize(join(dirname(fromFile), spec)));
    return roomOf(path, rooms) ?? path;
  }
  if (spec.startsWith('node:') || BUILTINS.has(spec.split('/')[0])) return 'node';
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The most specific room (a repo folder) holding a repo-relative path. */
function roomOf(path, rooms) {
  let best;
  for (const room of Object.keys(rooms)) {
    if ((path === room || path.startsWith(`${room}/`)) && (!best || room.length > best.length)) best = room;
  }
  return best;
}

/** `@noble/*` allows every package of that scope; `*` allows anything. */
const allows = (list, name) => list.some((a) => a === '*' || a === name || (a.endsWith('/*') && name.startsWith(a.slice(0, -1))));

export const allowedImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Each room of the house imports only what its entry in the layer table allows.' },
    schema: [{ type: 'object', properties: { rooms: { type: 'object' }, aliases: { type: 'object' } }, additionalProperties: false }],
    messages: {
      noRoom: '{{file}} is in no room of the layer table (eslint.config.js): give its folder an entry before adding code there.',
      denied: '{{room}} may not import {{target}}: {{why}}',
    },
  },
  create(context) {
    const { rooms, aliases = {} } = context.options[0] ?? {};
    const file = posix(relative(context.cwd, context.filename));
    const room = roomOf(file, rooms);
    if (!room) {
      return { Program: (node) => context.report({ node, messageId: 'noRoom', data: { file } }) };
    }
    const entry = rooms[room];
    const may = [...(entry.may ?? []), ...(TEST_FILE.test(file) ? (entry.tests ?? []) : [])];
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const t = target(source.value, file, rooms, aliases);
      if (t === room || allows(may, t)) return;
      context.report({ node: source, messageId: 'denied', data: { room, target: t, why: entry.why } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : undefined),
    };
  },
};

export default { rules: { 'allowed-imports': allowedImports } };
