import { accessibility } from './accessibility';
import { admin } from './admin';
import { auth } from './auth';
import { campaigns } from './campaigns';
import { common } from './common';
import { content } from './content';
import { finish } from './finish';
import { interview } from './interview';
import { nav } from './nav';
import { ownPage } from './ownPage';
import { processingRecord } from './processingRecord';
import { post } from './post';
import { personalLinks } from './personalLinks';
import { publicLink } from './publicLink';
import { recorder } from './recorder';
import { sharing } from './sharing';
import { voiceMessages } from './voiceMessages';
import { tenants } from './tenants';
import { templates } from './templates';
import { uploads } from './uploads';
import { video } from './video';
import { videoAnswers } from './videoAnswers';

/** The one German catalogue of every text a user sees, by capability. */
export const texts = {
  common,
  content,
  auth,
  nav,
  uploads,
  voiceMessages,
  recorder,
  interview,
  finish,
  admin,
  post,
  publicLink,
  personalLinks,
  campaigns,
  sharing,
  tenants,
  templates,
  videoAnswers,
  video,
  accessibility,
  ownPage,
  processingRecord,
} as const;
