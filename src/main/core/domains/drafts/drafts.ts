// The order ticket's draft: what was typed, kept in the active profile's user data so a restart
// or a switch of screens loses nothing.
import type { CoreContext } from '../../context.js';
import type { Domain } from '../../registrar.js';

export function draftsDomain(ctx: CoreContext): Domain {
  return {
    name: 'drafts',
    handlers: {
      'drafts.load': () => ctx.session().user.draft(),
      'drafts.save': (draft) => {
        const savedAt = ctx.clock.now();
        ctx.session().user.saveDraft({ ...draft, updatedAt: savedAt });
        return { savedAt };
      },
    },
  };
}
