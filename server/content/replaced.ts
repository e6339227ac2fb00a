import type { ContentItem } from '../../common/contracts/content';
import type { Editor, Submission, WithTenants } from '../tenants';
import type { ItemRow } from './attach';
import type { Deps } from '../deps';

/** What the content services use (server/deps.ts): all of it, as a replaced item's handlers (post) take it on. */
export type ServiceDeps = Deps & WithTenants & WithItemReplaced;

export type ReplacedHandler = (
  deps: ServiceDeps,
  editor: Editor,
  row: Submission,
  old: ItemRow,
  made: ContentItem,
) => Promise<void>;

/**
 * Who hears that an item was made anew (the post capability swaps it into its posts): one list per
 * app (`app.itemReplaced`), filled when the capabilities register, not a module-global one.
 */
export class ItemReplacedHandlers {
  private readonly handlers: ReplacedHandler[] = [];

  add(handler: ReplacedHandler): void {
    if (!this.handlers.includes(handler)) this.handlers.push(handler);
  }

  async run(...args: Parameters<ReplacedHandler>): Promise<void> {
    for (const handler of this.handlers) await handler(...args);
  }
}

/** The part of the deps that tells other capabilities about replaced items (server/deps.ts). */
export type WithItemReplaced = { itemReplaced: ItemReplacedHandlers };
