// Ctrl/Cmd+K: go to any screen or market, or run a command, from the keyboard.
import { Command } from 'cmdk';
import { useState } from 'react';
import { useCall } from '../api/hooks';
import { SCREENS, useUi } from '../state/ui';

export function Palette({ onClose }: { onClose: () => void }): React.JSX.Element {
  const [query, setQuery] = useState('');
  const go = useUi((s) => s.go);
  const select = useUi((s) => s.select);
  const setTheme = useUi((s) => s.setTheme);
  const hits = useCall('markets.search', { query, limit: 8, kinds: ['markets'] }, { enabled: query.trim().length > 1 });
  const run = (fn: () => void) => () => {
    fn();
    onClose();
  };
  return (
    <div className="palette" onClick={onClose} role="presentation">
      <Command label="Command palette" shouldFilter={false} onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.key === 'Escape' && onClose()}>
        <Command.Input autoFocus value={query} onValueChange={setQuery} placeholder="Go to a market, screen or command…" />
        <Command.List>
          <Command.Empty>Nothing matches.</Command.Empty>
          {(hits.data ?? []).length > 0 ? (
            <Command.Group heading="Markets">
              {(hits.data ?? []).map((h) => (
                <Command.Item key={h.id} value={`market-${h.id}`} onSelect={run(() => { go('markets'); select(h.id); })}>
                  {h.title}
                </Command.Item>
              ))}
            </Command.Group>
          ) : null}
          <Command.Group heading="Screens">
            {SCREENS.filter(([, label]) => label.toLowerCase().includes(query.toLowerCase()))
              .map(([s, label]) => (
                <Command.Item key={s} value={s} onSelect={run(() => go(s))}>
                  Go to {label}
                </Command.Item>
              ))}
          </Command.Group>
          <Command.Group heading="Commands">
            {(['system', 'light', 'dark'] as const)
              .filter((t) => `theme ${t}`.includes(query.toLowerCase()))
              .map((t) => (
                <Command.Item key={t} value={`theme-${t}`} onSelect={run(() => setTheme(t))}>
                  Theme: {t === 'system' ? 'follow the system' : t}
                </Command.Item>
              ))}
          </Command.Group>
        </Command.List>
      </Command>
    </div>
  );
}

