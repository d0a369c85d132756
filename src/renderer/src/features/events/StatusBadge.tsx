// One status badge for a row of any kind: nothing for open, a word for every other state.
import type { RowStatus } from '@shared/ipc/find';

const WORDS: Record<Exclude<RowStatus, 'open'>, [string, string]> = {
  paused: ['paused', 'Open, but not taking orders now'],
  closed: ['closed', 'Trading has ended'],
  archived: ['archived', 'Archived by the venue'],
  inactive: ['inactive', 'Not active on the venue'],
};

export function StatusBadge({ status }: { status: RowStatus | undefined }): React.JSX.Element | null {
  if (!status || status === 'open') return null;
  const [word, title] = WORDS[status];
  return (
    <span className="badge" data-badge={status} title={title}>
      {word}
    </span>
  );
}
