// A data file the app found damaged and moved aside, in the words of its notice.
import type { DamagedFile } from '@shared/ipc/contract';

export function damagedText(d: DamagedFile): string {
  return `${d.file} could not be read and was moved aside to ${d.aside}: ${d.what}.`;
}
