import type { Generated } from 'kysely';

/**
 * The tables of personal links and campaigns (migrations 0034, 0035). Part of the database's type
 * (schema.ts's DB).
 */

/** A personal link: one person's code (hashed), bound to a tenant and maybe a campaign (migration 0034). */
export interface PersonalLinkTable {
  id: Generated<number>;
  tenant: string;
  code_hash: string;
  code_nonce: string;
  first_name: string;
  last_name: string;
  email: string;
  role: string | null;
  campaign_id: number | null;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  first_opened_at: string | null;
  last_opened_at: string | null;
}

/** A campaign of a tenant (migration 0035). */
export interface CampaignTable {
  id: Generated<number>;
  tenant: string;
  name: string;
  /** JSON text: CampaignFlow[] */
  flows: string;
  /** JSON text: string[] */
  questions: string;
  topic: string | null;
  deadline: string;
  invitation_text: string;
  sender_name: string;
  contact_email: string;
  /** JSON text: number[] (days after the invitation) */
  reminder_days: string;
  shared_code: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  ended_at: string | null;
}

/** A person asked in a campaign: their personal link (name, e-mail, role) and what they did (migration 0035). */
export interface CampaignInviteeTable {
  id: Generated<number>;
  campaign_id: number;
  link_id: number;
  email_key: string;
  created_at: string;
  invited_at: string | null;
  declined_at: string | null;
  unsubscribed_at: string | null;
}

/** One mail of a campaign to one invitee, once per step (migration 0035). */
export interface CampaignMailTable {
  id: Generated<number>;
  campaign_id: number;
  invitee_id: number;
  /** invitation | reminder-1..3 | resend-<n> */
  step: string;
  /** queued | sending | sent | failed | skipped */
  state: string;
  error: string | null;
  created_at: string;
  sending_since: string | null;
  sent_at: string | null;
}
