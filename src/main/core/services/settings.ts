// App settings (the trading switch, the confirmation step per profile, the theme) and the order ticket's
// draft, kept in the active profile's user data.
import type { CoreContext, HandlersOf } from './context.js';

export function settingsService(ctx: CoreContext) {
  const current = () => ({ tradingOff: ctx.prefs.get().tradingOff, confirm: !ctx.prefs.get().skipConfirm.includes(ctx.session().profile.id), theme: ctx.prefs.get().theme });

  const handlers: HandlersOf<'settings.get' | 'settings.set' | 'drafts.load' | 'drafts.save'> = {
    'settings.get': () => current(),
    'settings.set': ({ tradingOff, confirm, theme }) => {
      const profile = ctx.session().profile.id;
      const skip = new Set(ctx.prefs.get().skipConfirm);
      if (confirm === true) skip.delete(profile);
      if (confirm === false) skip.add(profile);
      ctx.prefs.set({ ...(tradingOff !== undefined ? { tradingOff } : {}), ...(theme !== undefined ? { theme } : {}), skipConfirm: [...skip] });
      return current();
    },
    'drafts.load': () => ctx.session().user.draft(),
    'drafts.save': (draft) => {
      const savedAt = ctx.clock.now();
      ctx.session().user.saveDraft({ ...draft, updatedAt: savedAt });
      return { savedAt };
    },
  };
  return { handlers };
}
