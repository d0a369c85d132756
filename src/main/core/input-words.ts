// What a person reads when a call's input fails its schema: the field in words (its schema's
// description where it has one, else its name spelled out), never the call's internal name —
// "The API secret is not valid base64…", "Limit: Too big: expected number to be <=500".
import type { z } from 'zod';

type Node = { _zod: { def: Record<string, unknown> }; description?: string };

/** The schema at `path` in `schema`, through optional, default, nullable, pipe, object and array. */
function at(schema: unknown, path: readonly PropertyKey[]): Node[] {
  const seen: Node[] = [];
  let node = schema as Node | undefined;
  let i = 0;
  for (let guard = 0; node && guard < 64; guard++) {
    seen.push(node);
    const def = node._zod.def;
    if (def['innerType']) node = def['innerType'] as Node;
    else if (def['type'] === 'pipe') node = def['in'] as Node;
    else if (i >= path.length) break;
    else if (def['type'] === 'object') node = (def['shape'] as Record<string, Node>)[String(path[i++])];
    else if (def['type'] === 'array') {
      node = def['element'] as Node;
      i++;
    }
    else break;
  }
  return i >= path.length ? seen : [];
}

const ACRONYMS: Record<string, string> = { url: 'URL', api: 'API', usd: 'USD', id: 'id' };

/** "tokenId" → "token id", "catalogUrl" → "catalog URL", "lines.0.price" → "lines #1 price". */
function spelled(path: readonly PropertyKey[]): string {
  const words = (k: string): string =>
    k
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(' ')
      .map((w) => ACRONYMS[w] ?? w)
      .join(' ');
  return path.map((k) => (typeof k === 'number' ? `#${k + 1}` : words(String(k)))).join(' ');
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** One sentence for an input issue, naming the field as a person would. */
export function inputMessage(schema: z.ZodType, issue: z.core.$ZodIssue): string {
  const described = at(schema, issue.path)
    .map((n) => n.description)
    .reverse()
    .find((d) => d !== undefined);
  const field = described ?? (issue.path.length ? spelled(issue.path) : undefined);
  if (!field) return capital(issue.message);
  // A message written for the field already names it.
  if (issue.message.toLowerCase().startsWith(field.toLowerCase())) return capital(issue.message);
  return `${capital(field)}: ${issue.message}`;
}
