// Which EIP-712 domain a remote venue's orders are signed for: the one the venue publishes, a
// preset of the service family, or one typed in. The local venue always publishes its own.
import { useState } from 'react';
import type { ProfileSigning, VenueProfile } from '@shared/ipc/contract';
import { ORDER_DOMAIN_PRESETS } from '@shared/domain/order-domains';
import { useMutate } from '../../api/hooks';
import type { IpcCallError } from '../../api/transport';

/** The signing setting in words, for the venues table. */
export function signingWords(p: Pick<VenueProfile, 'kind' | 'signing'>): string {
  if (p.kind === 'local' || p.signing.source === 'venue') return 'published by the venue';
  if (p.signing.source === 'preset') {
    const id = p.signing.preset;
    return ORDER_DOMAIN_PRESETS.find((x) => x.id === id)?.label ?? `preset ${id}`;
  }
  const d = p.signing.domain;
  return `typed in: ${d.name}, chain ${d.chainId}`;
}

const FIELDS = [
  ['name', 'Domain name'],
  ['version', 'Version'],
  ['chainId', 'Chain id'],
  ['exchange', 'Exchange address'],
  ['negRiskExchange', 'Negative-risk exchange address'],
] as const;
type Field = (typeof FIELDS)[number][0];

/** The error's field as one of ours (`signing.domain.exchange` → exchange), when it names one. */
function fieldOf(err: IpcCallError | null): Field | 'choice' | undefined {
  if (!err) return undefined;
  const last = err.field?.split('.').at(-1);
  return FIELDS.some(([k]) => k === last) ? (last as Field) : 'choice';
}

/** The core's message without the field's name it starts with (the field shows where). */
const said = (err: IpcCallError): string => err.message.replace(/^[^:]{1,60}: /, '');

export function SigningChooser({ profile, onSaved, onClose }: { profile: VenueProfile; onSaved: (p: VenueProfile) => Promise<void> | void; onClose: () => void }): React.JSX.Element {
  const save = useMutate('profiles.setSigning');
  const s = profile.signing;
  const [choice, setChoice] = useState<string>(s.source === 'preset' ? `preset:${s.preset}` : s.source);
  const [typed, setTyped] = useState<Record<Field, string>>(
    s.source === 'custom'
      ? { name: s.domain.name, version: s.domain.version, chainId: String(s.domain.chainId), exchange: s.domain.exchange, negRiskExchange: s.domain.negRiskExchange }
      : { name: '', version: '2', chainId: '', exchange: '', negRiskExchange: '' },
  );
  const [local, setLocal] = useState<{ field: Field; message: string } | undefined>();
  const bad = fieldOf(save.error);
  const errorAt = (f: Field | 'choice'): string | undefined => (local?.field === f ? local.message : bad === f && save.error ? said(save.error) : undefined);

  const submit = (): void => {
    setLocal(undefined);
    let signing: ProfileSigning;
    if (choice === 'venue') signing = { source: 'venue' };
    else if (choice.startsWith('preset:')) signing = { source: 'preset', preset: choice.slice('preset:'.length) };
    else {
      if (!/^\d+$/.test(typed.chainId.trim())) {
        setLocal({ field: 'chainId', message: 'a chain id is a whole number, such as 137' });
        return;
      }
      const t = (k: Field): string => typed[k].trim();
      signing = { source: 'custom', domain: { name: t('name'), version: t('version'), chainId: Number(t('chainId')), exchange: t('exchange'), negRiskExchange: t('negRiskExchange') } };
    }
    save.mutate({ id: profile.id, signing }, { onSuccess: (p) => void onSaved(p) });
  };

  return (
    <form
      className="signing"
      aria-label={`Order signing · ${profile.name}`}
      data-testid="signing-chooser"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3>Order signing · {profile.name}</h3>
      <p className="muted">Orders are signed for one exchange contract. Most venues publish it; where one does not, pick its network or type it in as the venue documents it.</p>
      <div role="radiogroup" aria-label="Order signing" className="signing-choices">
        <label className="check">
          <input type="radio" name="signing" value="venue" checked={choice === 'venue'} onChange={() => setChoice('venue')} />
          This venue publishes it <span className="muted">(GET /version)</span>
        </label>
        {ORDER_DOMAIN_PRESETS.map((p) => (
          <label key={p.id} className="check">
            <input type="radio" name="signing" value={p.id} checked={choice === `preset:${p.id}`} onChange={() => setChoice(`preset:${p.id}`)} />
            {p.label} <span className="mono muted">{p.domain.exchange.slice(0, 10)}…</span>
          </label>
        ))}
        <label className="check">
          <input type="radio" name="signing" value="custom" checked={choice === 'custom'} onChange={() => setChoice('custom')} />
          Typed in
        </label>
      </div>
      {choice === 'custom' ? (
        <div className="grid-form">
          {FIELDS.map(([k, label]) => {
            const error = errorAt(k);
            return (
              <label key={k}>
                {label}
                <input
                  aria-label={label}
                  aria-invalid={error ? true : undefined}
                  className={k === 'exchange' || k === 'negRiskExchange' ? 'mono' : undefined}
                  spellCheck={false}
                  autoComplete="off"
                  inputMode={k === 'chainId' ? 'numeric' : undefined}
                  placeholder={k === 'chainId' ? '137' : k === 'version' ? '2' : k === 'name' ? 'Exchange name' : '0x…'}
                  value={typed[k]}
                  onChange={(e) => setTyped({ ...typed, [k]: e.target.value })}
                />
                {error ? <span className="no field-error" role="alert" data-testid={`signing-error-${k}`}>{error}</span> : null}
              </label>
            );
          })}
        </div>
      ) : null}
      {errorAt('choice') ? <p className="no" role="alert">{errorAt('choice')}</p> : null}
      <div className="inline" style={{ marginTop: 8 }}>
        <button type="submit" className="primary" disabled={save.isPending || (choice === 'custom' && FIELDS.some(([k]) => !typed[k].trim()))}>
          {save.isPending ? 'Saving…' : 'Save order signing'}
        </button>
        <button type="button" onClick={onClose}>Close</button>
      </div>
    </form>
  );
}
