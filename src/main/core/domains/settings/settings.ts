// App settings: the trading switch, the confirmation step per profile, the theme, quiet hours.
import type { CoreContext, HandlersOf } from '../../context.js';
import type { Domain } from '../../registrar.js';

export function settingsDomain(ctx: CoreContext): Domain {
  const current = () => ({ tradingOff: ctx.prefs.get().tradingOff, confirm: !ctx.prefs.get().skipConfirm.includes(ctx.session().profile.id), theme: ctx.prefs.get().theme, quietHours: ctx.prefs.get().quietHours });

  const handlers: HandlersOf<'settings.get' | 'settings.set'> = {
    'settings.get': () => current(),
    'settings.set': ({ tradingOff, confirm, theme, quietHours }) => {
      const profile = ctx.session().profile.id;
      // Applied to the settings on disk now: another core's change to another venue's step stays.
      ctx.prefs.update((now) => {
        const skip = new Set(now.skipConfirm);
        if (confirm === true) skip.delete(profile);
        if (confirm === false) skip.add(profile);
        return { ...(tradingOff !== undefined ? { tradingOff } : {}), ...(theme !== undefined ? { theme } : {}), ...(quietHours !== undefined ? { quietHours } : {}), skipConfirm: [...skip] };
      });
      return current();
    },
  };
  return { name: 'settings', handlers };
}
