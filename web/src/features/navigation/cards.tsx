import { FileText, Files, Image, Images, LayoutGrid, MessageSquare, Mic, type LucideIcon } from 'lucide-react';
import type { EntryCard, Tenant } from '../../../../common/tenants';
import { tenantPath } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { CardGrid, LinkCard } from '../../ui/Card';

const icons: Record<EntryCard, LucideIcon> = {
  'content-selection': LayoutGrid,
  'interview-category': MessageSquare,
  'voice-message': Mic,
  upload: Images,
  'image-upload': Image,
  'document-upload': FileText,
  'document-image-upload': Files,
};

/** Cards leading into a tenant's flows; titles and texts from the catalogue. */
export function EntryCards({ tenant, cards }: { tenant: Tenant; cards: readonly EntryCard[] }) {
  return (
    <CardGrid>
      {cards.map((card) => {
        const Icon = icons[card];
        const { title, text } = texts.nav.cards[card];
        return <LinkCard key={card} to={tenantPath(tenant, card)} title={title} text={text} icon={<Icon size={22} aria-hidden="true" />} />;
      })}
    </CardGrid>
  );
}
