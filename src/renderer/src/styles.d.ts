// Style sheets are imported for their side effect (the bundler injects them); the type-checker is
// told such imports exist, as it checks side-effect imports too.
declare module '*.css';
