import { Images, MessageSquare, Mic, Video } from 'lucide-react';
import { tenantPath } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';
import { useTenant } from '../../current-tenant/TenantContext';
import { CardGrid, LinkCard } from '../../ui/Card';

/** The flows a personal link can open (the public link's pages, below /e/<code>). */
export const personalFlows = ['interview', 'video-answer', 'voice', 'upload'] as const;
export type PersonalFlow = (typeof personalFlows)[number];

const p = texts.publicLink;

/** Cards of the flows offered to the person, each opening its page below /e/<code>. */
export function FlowCards({ flows = personalFlows }: { flows?: readonly PersonalFlow[] }) {
  const tenant = useTenant();
  const card = {
    interview: {
      page: 'interview-category',
      title: p.cards.interview.title,
      text: p.cards.interview.text,
      icon: <MessageSquare size={22} aria-hidden="true" />,
    },
    'video-answer': {
      page: 'video-answer',
      title: texts.videoAnswers.card.title,
      text: texts.videoAnswers.card.text,
      icon: <Video size={22} aria-hidden="true" />,
    },
    voice: {
      page: 'voice-message',
      title: p.cards.voice.title,
      text: p.cards.voice.text,
      icon: <Mic size={22} aria-hidden="true" />,
    },
    upload: {
      page: 'upload',
      title: p.cards.upload.title,
      text: p.cards.upload.text,
      icon: <Images size={22} aria-hidden="true" />,
    },
  } as const;
  return (
    <CardGrid>
      {flows.map((flow) => (
        <LinkCard
          key={flow}
          to={tenantPath(tenant, card[flow].page)}
          title={card[flow].title}
          text={card[flow].text}
          icon={card[flow].icon}
        />
      ))}
    </CardGrid>
  );
}
