import type { Migration } from 'kysely';
import * as foundation from './0001_foundation';
import * as mediaUploads from './0002_media_uploads';
import * as consents from './0005_consents';
import * as admin from './0006_admin';
import * as inboxSearch from './0006b_inbox_search';
import * as scaleOut from './0007_scale_out';
import * as rateLimits from './0007b_rate_limits';
import * as inboxWordSearch from './0010_inbox_search';
import * as publicFlows from './0011_public_flows';
import * as posts from './0012_posts';
import * as tenants from './0016_tenants';
import * as trustAccess from './0018_trust_access';
import * as inboxSpeed from './0017_inbox_speed';
import * as publicBytes from './0019_public_bytes';
import * as videoMedia from './0021_video_media';
import * as videoAnswers from './0022_video_answers';
import * as tenantModel from './0023_tenant_model';
import * as content from './0024_content';
import * as phoneFlows from './0025_phone_flows';
import * as interviewTurns from './0020_interview_turns';
import * as heldSubmissions from './0029_held_submissions';
import * as consentLedger from './0036_consent_ledger';
import * as mediaTemplates from './0033_media_templates';
import * as receivedBytes from './0030_received_bytes';
import * as jobChildren from './0031_job_children';
import * as personalLinks from './0034_personal_links';
import * as campaigns from './0035_campaigns';

/** Every migration, in order. Each capability adds its own file here; names sort by number. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_media_uploads': mediaUploads,
  '0005_consents': consents,
  '0006_admin': admin,
  '0006b_inbox_search': inboxSearch,
  '0007_scale_out': scaleOut,
  '0007b_rate_limits': rateLimits,
  '0010_inbox_search': inboxWordSearch,
  '0011_public_flows': publicFlows,
  '0012_posts': posts,
  '0016_tenants': tenants,
  '0017_inbox_speed': inboxSpeed,
  '0018_trust_access': trustAccess,
  '0019_public_bytes': publicBytes,
  '0021_video_media': videoMedia,
  '0022_video_answers': videoAnswers,
  '0023_tenant_model': tenantModel,
  '0024_content': content,
  '0025_phone_flows': phoneFlows,
  '0020_interview_turns': interviewTurns,
  '0029_held_submissions': heldSubmissions,
  '0033_media_templates': mediaTemplates,
  '0030_received_bytes': receivedBytes,
  '0031_job_children': jobChildren,
  '0034_personal_links': personalLinks,
  '0035_campaigns': campaigns,
  '0036_consent_ledger': consentLedger,
};
