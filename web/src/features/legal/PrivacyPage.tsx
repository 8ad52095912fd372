import { Link } from 'react-router-dom';
import { PROGRESS_TRACKING_SENTENCE } from '#shared/face-identity.ts';
import { ContactEmail } from './ContactEmail.tsx';
import { LegalPage, type LegalSection } from './LegalPage.tsx';

const SECTIONS: LegalSection[] = [
  {
    title: 'Who may use the service',
    body: (
      <p>
        Hairline Rater is for people aged 18 and over. Do not create an account or upload photos if you are under 18,
        and never upload a photo of someone under 18.
      </p>
    ),
  },
  {
    title: 'What we store',
    body: (
      <ul className="list-disc space-y-1 pl-5">
        <li>Your account: username, email address and, when you sign in with Google, the name Google gives us.</li>
        <li>
          Your birth year, only if you add it (user menu, <em>Birth year</em>): it compares your hairline with men your
          age and is never shown to others. <em>Remove</em> deletes it.
        </li>
        <li>
          Retake reminders, only if you turn them on: your email address and the date of the next reminder. The link in
          every reminder turns them off in one click.
        </li>
        <li>
          Your credit balance and purchase records (date, amount, credits). Card details stay with our card payment
          provider.
        </li>
        <li>
          For each analysis: a small thumbnail of the photo and the results (score, metrics, commentary, suggestions).
          We never keep your original photo.
        </li>
      </ul>
    ),
  },
  {
    title: 'How long we keep it',
    body: (
      <p>
        Thumbnails and results are kept until you delete your account. Photos uploaded before an analysis (for example
        from the camera, or before you sign in) are deleted within 1 hour.
      </p>
    ),
  },
  {
    title: 'How photos are processed',
    body: (
      <p>
        Photos are analyzed automatically to find the face and hairline. They are not shared with other users, not sold
        and not used to train models.
      </p>
    ),
  },
  {
    title: 'Face prints for progress tracking (optional, off by default)',
    body: (
      <div className="space-y-2">
        <p>
          Your progress compares only your own photos. If you turn on progress tracking (on your History page), we
          compute a face print from each new face photo: a list of numbers describing the face, not the photo, used only
          to tell whether a new photo shows the same person as your earlier ones. This is biometric data, so we do it
          only with your consent: “{PROGRESS_TRACKING_SENTENCE}”
        </p>
        <p>
          A face print is kept with its analysis and is never shown, shared, sold or put in your data export (the export
          only says whether one is stored). It is deleted when you delete that analysis, when you say a photo is someone
          else, when you turn progress tracking off (all of them at once), and when you delete your account. Without
          progress tracking no face print is made, and each new analysis asks “Is this you?” before it joins your
          progress.
        </p>
      </div>
    ),
  },
  {
    title: 'Who processes it for us',
    body: (
      <ul className="list-disc space-y-1 pl-5">
        <li>
          Amazon Web Services (AWS) hosts the service and stores your data (in the AWS region the service runs in); it
          also sends the reminder emails and, for the 18+ rule, estimates the age range of the face in a photo.
        </li>
        <li>Stripe takes card payments; we receive the amount, the date and the pack, never your card details.</li>
        <li>
          Google Analytics counts page visits, only if you choose “Accept all” in the cookie banner (with IP addresses
          anonymized).
        </li>
      </ul>
    ),
  },
  {
    title: 'Cookies and analytics',
    body: (
      <p>
        We use essential browser storage to keep you signed in and to remember your last result and cookie choice.
        Analytics cookies are used only if you choose “Accept all” in the cookie banner; “Reject all” keeps them off.
      </p>
    ),
  },
  {
    title: 'Your rights',
    body: (
      <p>
        You can download a copy of your data yourself (user menu, <em>Download my data</em>: your profile, purchases,
        analyses and reminder, as a JSON file) and delete your account and everything linked to it (user menu,{' '}
        <em>Delete account</em>). To correct something, or for anything else, write to <ContactEmail />. See also our{' '}
        <Link to="/terms" className="text-accent-teal underline">
          Terms of Service
        </Link>
        .
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={<p>This policy explains what Hairline Rater stores about you, why, and for how long.</p>}
      sections={SECTIONS}
    />
  );
}
