// Settings → Venues: the profiles, which one is active, each remote one's order signing, what
// the active venue offers and lacks, adding a venue and the connection test.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CallOutput } from '@shared/ipc/contract';
import { useCall, useMutate } from '../../api/hooks';
import { afterVenueChange, beforeVenueChange } from '../../api/switch';
import { Failure } from '../../ui/states';
import { useCapabilities } from '../../ui/useVenue';
import { capabilityWords, clockSourceWords, unknownWords, wordList } from '../../ui/venue';
import { SigningChooser, signingWords } from './Signing';

const EMPTY_PROFILE = { name: '', catalogUrl: '', tradingUrl: '', dataUrl: '', headerPrefix: 'SERVICE' };

export function Venues(): React.JSX.Element {
  const profiles = useCall('profiles.list', {});
  const client = useQueryClient();
  const test = useMutate('profiles.test');
  const add = useMutate('profiles.add');
  const switchTo = useMutate('profiles.switch');
  const [draft, setDraft] = useState(EMPTY_PROFILE);
  const [adding, setAdding] = useState(false);
  const [signing, setSigning] = useState<string | undefined>();
  const urls = { catalogUrl: draft.catalogUrl, tradingUrl: draft.tradingUrl, dataUrl: draft.dataUrl };
  const active = profiles.data?.active;
  const chosen = profiles.data?.profiles.find((p) => p.id === signing);
  // The active venue's own domain, where it was found not to publish one, cannot sign anything.
  const unpublished = useCapabilities().data?.routes.some((r) => r.id === 'version' && r.state === 'lacking') === true;

  const use = async (id: string): Promise<void> => {
    await beforeVenueChange();
    // Everything on screen belongs to the old venue: drop it all, the test result too.
    switchTo.mutate({ id }, { onSuccess: () => (test.reset(), void afterVenueChange(client)) });
  };

  return (
    <section className="section" aria-label="Venues">
      <h2>Venues</h2>
      <table>
        <thead>
          <tr><th>Name</th><th>Catalog</th><th>Trading</th><th>Data</th><th>Order signing</th><th /></tr>
        </thead>
        <tbody>
          {(profiles.data?.profiles ?? []).map((p) => (
            <tr key={p.id} data-testid="venue-row" data-active={p.id === active ? 'true' : 'false'}>
              <td>{p.name} {p.kind === 'local' ? <span className="badge">embedded</span> : null}</td>
              <td className="mono muted">{p.catalogUrl}</td>
              <td className="mono muted">{p.tradingUrl}</td>
              <td className="mono muted">{p.dataUrl}</td>
              <td data-testid="signing-in-force" title={p.signing.source === 'custom' ? `exchange ${p.signing.domain.exchange}, negative-risk exchange ${p.signing.domain.negRiskExchange}` : undefined}>
                {signingWords(p)}
                {p.id === active && p.signing.source === 'venue' && unpublished ? <span className="warn"> — but this venue does not publish it, so orders cannot be signed{p.kind === 'remote' ? ': choose one' : ''}</span> : null}
                {p.kind === 'remote' ? (
                  <>
                    {' '}
                    <button className="link action" aria-expanded={signing === p.id} onClick={() => setSigning(signing === p.id ? undefined : p.id)} aria-label={`Change order signing of ${p.name}`}>
                      change…
                    </button>
                  </>
                ) : null}
              </td>
              <td>
                {p.id === active ? <span className="yes">active</span> : <button onClick={() => void use(p.id)} disabled={switchTo.isPending}>Use</button>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Failure error={switchTo.error} />
      {chosen && chosen.kind === 'remote' ? (
        <SigningChooser
          key={chosen.id}
          profile={chosen}
          onClose={() => setSigning(undefined)}
          onSaved={async (p) => {
            setSigning(undefined);
            // The active venue signs with it from now on: the core opened a new session for it.
            if (p.id === active) await afterVenueChange(client);
          }}
        />
      ) : null}
      <Offers />
      <div className="inline" style={{ marginTop: 8 }}>
        <button onClick={() => test.mutate({})}>Test connection (active venue)</button>
        <button onClick={() => setAdding((v) => !v)} aria-expanded={adding}>Add a remote venue…</button>
      </div>
      {adding ? (
        <form
          className="grid-form"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate(draft, { onSuccess: () => (setDraft(EMPTY_PROFILE), setAdding(false)) });
          }}
        >
          {(
            [
              ['name', 'Name'],
              ['catalogUrl', 'Catalog URL'],
              ['tradingUrl', 'Trading URL'],
              ['dataUrl', 'Data URL'],
              ['headerPrefix', 'Auth header prefix'],
            ] as const
          ).map(([k, label]) => (
            <label key={k}>
              {label}
              <input aria-label={label} value={draft[k]} spellCheck={false} onChange={(e) => setDraft({ ...draft, [k]: e.target.value })} />
            </label>
          ))}
          <div className="inline">
            <button type="button" disabled={!draft.catalogUrl || !draft.tradingUrl || !draft.dataUrl} onClick={() => test.mutate(urls)}>Test connection</button>
            <button type="submit" disabled={!draft.name || !draft.catalogUrl || !draft.tradingUrl || !draft.dataUrl || !/^[A-Z][A-Z0-9_]*$/.test(draft.headerPrefix)}>Add venue</button>
          </div>
          <Failure error={add.error} />
        </form>
      ) : null}
      {test.isPending ? <p className="muted">Testing…</p> : null}
      <Failure error={test.error} />
      {test.data ? <TestResult result={test.data} /> : null}
    </section>
  );
}

/** What the active venue offers beyond the spec, lacks, and has not shown yet. */
function Offers(): React.JSX.Element | null {
  const caps = useCapabilities();
  if (!caps.data) return null;
  const by = capabilityWords(caps.data);
  return (
    <div className="capabilities" data-testid="capabilities">
      <h3>What the active venue offers beyond the spec</h3>
      <p data-testid="caps-offered"><span className="yes">Offers:</span> {by.offered.length ? wordList(by.offered) : 'nothing beyond the spec'}.</p>
      <p data-testid="caps-lacking"><span className="warn">Lacks:</span> {wordList(by.lacking)}{by.lacking.length ? ' — the screens that need these say so' : ''}.</p>
      {by.unknown.length ? <p className="muted" data-testid="caps-unknown">Not yet known: {unknownWords(caps.data)}.</p> : null}
    </div>
  );
}

function TestResult({ result }: { result: CallOutput<'profiles.test'> }): React.JSX.Element {
  const skew = result.clockSkewMs;
  return (
    <table data-testid="connection-test" style={{ maxWidth: 760 }}>
      <tbody>
        {result.surfaces.map((s) => (
          <tr key={s.surface}>
            <td>{s.surface}</td>
            <td className={s.ok ? 'yes' : 'no'}>{s.ok ? 'reachable' : 'unreachable'}</td>
            <td className="num">{s.ms} ms</td>
            <td className="muted">{s.message ?? ''}</td>
          </tr>
        ))}
        <tr data-testid="test-clock">
          <td>clock</td>
          <td colSpan={3}>
            {skew === undefined
              ? 'unknown: the venue answered neither GET /time nor with a Date header'
              : `${Math.abs(skew) < 1500 ? 'in step with this computer' : `venue is ${(Math.abs(skew) / 1000).toFixed(1)} s ${skew > 0 ? 'ahead' : 'behind'}; Kairos signs on the venue's clock`}, ${clockSourceWords(result.clockSource)}`}
          </td>
        </tr>
        <tr data-testid="test-offers">
          <td>offers</td>
          <td colSpan={3}>{result.offers.length ? `Offers: ${wordList(result.offers)}.` : 'Offers nothing beyond the spec.'}</td>
        </tr>
        <tr data-testid="test-lacks">
          <td>lacks</td>
          <td colSpan={3} className={result.lacks.length ? 'warn' : undefined}>{result.lacks.length ? `Lacks: ${wordList(result.lacks)}.` : 'Lacks nothing Kairos can use.'}</td>
        </tr>
      </tbody>
    </table>
  );
}
