import { Link } from 'react-router-dom';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { ContactEmail } from './ContactEmail.tsx';
import { LegalPage, type LegalSection } from './LegalPage.tsx';

export function effectiveDate(now = new Date()): string {
  return now.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

const SECTIONS: LegalSection[] = [
  {
    title: 'Acceptance of Terms',
    body: (
      <p>
        By creating an account or using Hairline Rater you agree to these Terms of Service. If you do not agree, do not
        use the service.
      </p>
    ),
  },
  {
    title: 'Service Description',
    body: (
      <p>
        Hairline Rater analyzes a photo you upload with artificial intelligence and returns a rating label, an overall
        score from 0 to 100, six metrics, a commentary and hairstyle suggestions. Each analysis uses one credit; credits
        are sold in packs.
      </p>
    ),
  },
  {
    title: 'Disclaimers',
    body: (
      <ul className="list-disc space-y-1 pl-5">
        <li>The service is for entertainment purposes only.</li>
        <li>The AI may be inaccurate and its results can be wrong.</li>
        <li>Results are not medical advice. Ask a doctor or dermatologist about hair loss.</li>
        <li>Results vary with the photo, its lighting and its angle.</li>
      </ul>
    ),
  },
  {
    title: 'User Responsibilities',
    body: (
      <ul className="list-disc space-y-1 pl-5">
        <li>Provide truthful information when you sign up.</li>
        <li>Use the service lawfully.</li>
        <li>Do not upload inappropriate content or photos whose copyright you do not hold.</li>
        <li>Do not reverse engineer, copy or attempt to extract the service or its models.</li>
      </ul>
    ),
  },
  {
    title: 'Payment Terms',
    body: (
      <ul className="list-disc space-y-1 pl-5">
        <li>Payments are processed by our card payment provider; we do not see or store your card details.</li>
        <li>Credits are added to your account immediately after a successful payment.</li>
        <li>All sales are final. No refunds are given for any reason.</li>
        <li>Credits do not expire unless specified otherwise at the time of purchase.</li>
        <li>Prices may change without notice; a change never affects a purchase already made.</li>
      </ul>
    ),
  },
  {
    title: 'Limitation of Liability',
    body: (
      <p>
        To the fullest extent permitted by law, our total liability to you for any claim is limited to the amount you
        paid us in the 12 months before the claim arose. We are not liable for indirect or consequential damages.
      </p>
    ),
  },
  {
    title: 'Intellectual Property',
    body: (
      <p>
        You keep ownership of the photos you upload. You grant us a limited license to process them solely to provide
        the analysis. The analysis results, the software and the brand belong to Hairline Rater.
      </p>
    ),
  },
  {
    title: 'Account Termination',
    body: (
      <p>
        We may suspend or close accounts that break these terms. You may delete your account at any time. Unused credits
        are not refunded when an account is closed.
      </p>
    ),
  },
  {
    title: 'Prohibited Uses',
    body: (
      <ul className="list-disc space-y-1 pl-5">
        <li>Uploading photos of minors under 18. Photo subjects must be 18 or over.</li>
        <li>Uploading photos of anyone without their consent.</li>
        <li>Using results to harass, bully or shame anyone.</li>
        <li>Hacking, overloading or interfering with the service.</li>
        <li>Commercial use of the service or its results without our written authorization.</li>
      </ul>
    ),
  },
  {
    title: 'Privacy',
    body: (
      <p>
        How we handle your data is described in our{' '}
        <Link to="/privacy" className="text-accent-teal underline">
          Privacy Policy
        </Link>
        , which is part of these terms.
      </p>
    ),
  },
  {
    title: 'Modifications to the Service and Terms',
    body: (
      <p>
        We may change, suspend or end any part of the service, and we may update these terms. Continuing to use the
        service after a change means you accept the updated terms.
      </p>
    ),
  },
  {
    title: 'Governing Law',
    body: (
      <p>
        These terms are governed by the laws of the jurisdiction in which Hairline Rater is established, without regard
        to its conflict-of-law rules.
      </p>
    ),
  },
  {
    title: 'Support and Contact',
    body: (
      <p>
        Questions? Email us at <ContactEmail />. We aim to reply within 24-48 hours on business days.
      </p>
    ),
  },
  {
    title: 'Severability',
    body: <p>If any provision of these terms is found unenforceable, the remaining provisions stay in full effect.</p>,
  },
  {
    title: 'Entire Agreement',
    body: (
      <p>
        These terms, together with the Privacy Policy, are the entire agreement between you and Hairline Rater about the
        service.
      </p>
    ),
  },
];

export const TERMS_SECTION_COUNT = SECTIONS.length;

/** The terms take effect on the day they are read: the date comes from the reader's clock, not from the build. */
function EffectiveDate() {
  const hydrated = useHydrated();
  return <p data-testid="effective-date">Effective date: {hydrated ? effectiveDate() : 'today'}</p>;
}

export default function TermsPage() {
  return <LegalPage title="Terms of Service" intro={<EffectiveDate />} sections={SECTIONS} />;
}
