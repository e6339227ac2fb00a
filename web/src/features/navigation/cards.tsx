import {
  FileImage,
  FileStack,
  FileText,
  Files,
  Image,
  Images,
  LayoutGrid,
  MessageSquare,
  Mic,
  Video,
  type LucideIcon,
} from 'lucide-react';
import type { CardIcon, EntryCard, Tenant } from '../../../../common/tenants';
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

/** A tenant's own card icons (e.g. the bank's one document, many documents, documents with photos). */
const ownIcons: Record<CardIcon, LucideIcon> = {
  'file-text': FileText,
  'file-stack': FileStack,
  'file-image': FileImage,
};
const cardIcon = (tenant: Tenant, card: EntryCard): LucideIcon => {
  const own = tenant.style.cardIcons[card];
  return own ? ownIcons[own] : icons[card];
};

/** Cards leading into a tenant's flows; titles and texts from the catalogue. */
export function EntryCards({ tenant, cards }: { tenant: Tenant; cards: readonly EntryCard[] }) {
  return (
    <CardGrid>
      {cards.map((card) => {
        const Icon = cardIcon(tenant, card);
        const { title, text } = tenant.style.cardTexts[card] ?? texts.nav.cards[card];
        return (
          <LinkCard
            key={card}
            to={tenantPath(tenant, card)}
            title={title}
            text={text}
            icon={<Icon size={22} aria-hidden="true" />}
          />
        );
      })}
    </CardGrid>
  );
}
