// Ctrl/Cmd+K: go to any market, event, series, tag, trader or comment found by words, or to a
// screen, or run a command, from the keyboard. Enter opens the first hit; ↓ ↑ move. A trading
// command ("buy 10 yes 45", "cancel all"…) shows what it was read as, and Enter opens its preview
// or confirmation, never more (features/palette).
import { Command } from 'cmdk';
import { useState } from 'react';
import { HitLine, useHits, useOpenHit } from '../features/search/hits';
import { CommandItem, Staged, useRunCommand } from '../features/palette/PaletteCommand';
import type { Action } from '../features/palette/resolve';
import { useCommand } from '../features/palette/useCommand';
import { SCREENS, THEMES, useUi } from '../state/ui';
import { labelMatches } from './palette-match';

const PER_KIND = 5;

export function Palette({ onClose }: { onClose: () => void }): React.JSX.Element {
  const [query, setQuery] = useState('');
  const go = useUi((s) => s.go);
  const setTheme = useUi((s) => s.setTheme);
  const { parsed, row } = useCommand(query);
  const [staged, setStaged] = useState<Extract<Action, { kind: 'alert' | 'cancel' | 'follow' }> | undefined>();
  const runCommand = useRunCommand((a) => (a.kind === 'lines' ? undefined : setStaged(a)), onClose);
  // A command read is not searched for: Enter is the command's. Words that only start like one
  // (a market titled "Cancel …") still find what they name, below the command's problem.
  const searching = !parsed?.ok;
  const { groups } = useHits(searching && query.trim().length > 1 ? query : '', PER_KIND);
  const openHit = useOpenHit();
  // Each row is found by the words it shows.
  const screens = !searching ? [] : SCREENS.map(([s, label]) => [s, `Go to ${label}`] as const).filter(([, label]) => labelMatches(label, query));
  const themes = !searching ? [] : THEMES.map((t) => [t, `Theme: ${t === 'system' ? 'follow the system' : t}`] as const).filter(([, label]) => labelMatches(label, query));
  const run = (fn: () => void) => () => {
    fn();
    onClose();
  };
  if (staged) {
    return (
      <div className="palette" onClick={onClose} role="presentation">
        <Staged action={staged} onBack={() => setStaged(undefined)} onDone={onClose} />
      </div>
    );
  }
  return (
    <div className="palette" onClick={onClose} role="presentation">
      <Command label="Command palette" shouldFilter={false} onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.key === 'Escape' && onClose()}>
        <Command.Input autoFocus value={query} onValueChange={setQuery} placeholder="Go to a market, event, trader, screen or command…" />
        <Command.List>
          <Command.Empty>Nothing matches.</Command.Empty>
          {row ? (
            <Command.Group heading="Command">
              <CommandItem row={row} onRun={runCommand} />
            </Command.Group>
          ) : null}
          {/* Hits first, so Enter opens the best one. */}
          {groups.map((g) => (
            <Command.Group key={g.kind} heading={g.heading}>
              {g.hits.map((h) => (
                <Command.Item key={`${h.kind}-${h.id}`} value={`${h.kind}-${h.id}`} onSelect={run(() => openHit(h))}>
                  <HitLine hit={h} />
                </Command.Item>
              ))}
            </Command.Group>
          ))}
          {screens.length ? (
            <Command.Group heading="Screens">
              {screens.map(([s, label]) => (
                <Command.Item key={s} value={s} onSelect={run(() => go(s))}>
                  {label}
                </Command.Item>
              ))}
            </Command.Group>
          ) : null}
          {themes.length ? (
            <Command.Group heading="Commands">
              {themes.map(([t, label]) => (
                <Command.Item key={t} value={`theme-${t}`} onSelect={run(() => setTheme(t))}>
                  {label}
                </Command.Item>
              ))}
            </Command.Group>
          ) : null}
        </Command.List>
      </Command>
    </div>
  );
}
