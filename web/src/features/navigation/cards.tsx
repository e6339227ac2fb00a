import { FileImage, FileStack, FileText, Files, Image, Images, LayoutGrid, MessageSquare, Mic, Video, type LucideIcon } from 'lucide-react';
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
  'video-answer': Video,
};

/** The bank's pages differ (one document, many documents, documents with photos): no two cards look alike. */
const bankIcons: Partial<Record<EntryCard, LucideIcon>> = { upload: FileText, 'document-upload': FileStack, 'document-image-upload': FileImage };
const bankCardIcon = (tenant: Tenant, card: EntryCard): LucideIcon => (tenant.key === 'bank' ? bankIcons[card] : undefined) ?? icons[card];

/** Cards leading into a tenant's flows; titles and texts from the catalogue. */
export function EntryCards({ tenant, cards }: { tenant: Tenant; cards: readonly EntryCard[] }) {
  return (
    <CardGrid>
      {cards.map((card) => {
        const Icon = bankCardIcon(tenant, card);
        const bankCard = tenant.key === 'bank' ? (texts.nav.bankCards as Partial<Record<EntryCard, { title: string; text: string }>>)[card] : undefined;
        const { title, text } = bankCard ?? texts.nav.cards[card];
        return <LinkCard key={card} to={tenantPath(tenant, card)} title={title} text={text} icon={<Icon size={22} aria-hidden="true" />} />;
      })}
    </CardGrid>
  );
}
