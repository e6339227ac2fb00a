import { contactRedirectMs, formVariantOf, type FormVariant } from '../../../../common/finish-rules';
import { tenantPath, type Tenant } from '../../../../common/tenants';
import { texts } from '../../../../common/texts';

const f = texts.finish;

/** How a tenant's finishing pages behave: data read by the one set of pages, never a copied page. */
export type FinishProfile = {
  variant: FormVariant;
  title: string;
  intro: string;
  nextSteps: readonly string[];
  /** Label of the button back to the tenant's dashboard; none on the association's /thank-you. */
  backLabel: string | null;
  /** Delay before leaving the thank-you page after the contact form (spec: 1.5 s, bank 2 s). */
  redirectMs: number;
  /** The bank clears all browser storage after the contact form; others only the stored ids. */
  clearsAllStorage: boolean;
  /** Delay before the contact information page moves on after saving (bank: 1 s). */
  postContactRedirectMs: number;
};

const standard = (backLabel: string | null): FinishProfile => ({
  variant: 'standard',
  title: f.thankYouTitle,
  intro: f.thankYouIntro,
  nextSteps: f.nextSteps,
  backLabel,
  redirectMs: contactRedirectMs.standard,
  clearsAllStorage: false,
  postContactRedirectMs: 0,
});

/** The bank's thank-you and contact variant: its own wording and rules, a way back to its start page. */
const bank = (name: string): FinishProfile => ({
  variant: formVariantOf('bank'),
  title: f.bankThankYouTitle,
  intro: f.bankThankYouIntro,
  nextSteps: f.bankNextSteps,
  backLabel: f.backToDashboard(name),
  redirectMs: contactRedirectMs.bank,
  clearsAllStorage: true,
  postContactRedirectMs: 1000,
});

/**
 * A tenant's profile, from its row's thank-you and contact variant: the bank's wording and rules,
 * the association's (no back button) or a company's, each with a way back to its start page.
 */
export function finishProfileOf(tenant: Tenant): FinishProfile {
  if (tenant.thanksVariant === 'bank') return bank(tenant.name);
  return standard(tenant.thanksVariant === 'association' ? null : f.backToDashboard(tenant.name));
}

/** Where the finished flow returns to: the association's "/" (spec), otherwise the tenant dashboard. */
export function finishedPath(tenant: Tenant): string {
  return tenant.basePath ? tenant.homePath : '/';
}

/** Where "Neuen Content erstellen" starts over. */
export function newContentPath(tenant: Tenant): string {
  return tenantPath(tenant, 'content-selection');
}
