import { Link } from 'react-router-dom';
import { PRODUCT } from './product.js';

interface Section {
  title: string;
  text: string;
}

/** Part 1 §2: effective March 15 2025, 11 sections, deletion within 30 days, not for children under 13. */
export const PRIVACY_EFFECTIVE = 'March 15, 2025';
export const PRIVACY_SECTIONS: Section[] = [
  { title: '1. Information We Collect', text: 'Your username, e-mail address and password (stored only as a hash), the organizations you create, the posts and media you make, and the platform accounts you connect.' },
  { title: '2. How We Use Your Information', text: 'To run the service: to sign you in, to plan, generate, review, schedule and publish your posts, to send the e-mails you asked for, and to keep the service secure.' },
  { title: '3. Connected Social Media Accounts', text: 'When you connect a platform we keep the access tokens it gives us, encrypted, and use them only to publish and read statistics for the accounts you chose.' },
  { title: '4. AI Content Generation', text: 'Text and media you ask us to generate are produced by an AI provider from your prompts and brand settings; we do not use your content to train models.' },
  { title: '5. Sharing of Information', text: 'We do not sell your data. We share it only with the providers that run the service for us (hosting, e-mail, payments, AI) and with the platforms you publish to.' },
  { title: '6. Data Retention and Deletion', text: 'You can delete your account at any time from your profile. Your personal data is deleted within 30 days of the deletion.' },
  { title: '7. Security', text: 'Data travels encrypted, secrets are encrypted at rest, and access inside the service is limited to what each part needs.' },
  { title: '8. Your Rights', text: 'You can see, correct, export and delete your data, and object to its use. Write to us and we answer within 30 days.' },
  { title: "9. Children's Privacy", text: 'The service is not for children under 13, and we do not knowingly collect data from them.' },
  { title: '10. Changes to This Policy', text: 'When this policy changes we update its effective date and tell registered users by e-mail of any important change.' },
  { title: '11. Contact Us', text: 'Questions about privacy: write to privacy@social-planner.local.' },
];

export const TERMS_SECTIONS: Section[] = [
  { title: '1. The Service', text: `${PRODUCT} helps organizations plan, generate, review, schedule and publish social media posts.` },
  { title: '2. Your Account', text: 'Keep your password secret; you are responsible for what is done with your account.' },
  { title: '3. Your Content', text: 'You own what you publish and make sure you may publish it on the platforms you connect.' },
  { title: '4. Acceptable Use', text: 'Do not use the service for spam, for unlawful content, or against the rules of the platforms you publish to.' },
  { title: '5. Plans and Payments', text: 'Paid plans renew each period until cancelled; a cancellation takes effect at the end of the paid period.' },
  { title: '6. Ending the Service', text: 'You may delete your account at any time. We may suspend accounts that break these terms.' },
  { title: '7. Liability', text: 'The service is provided as is; we are not liable for content published on third-party platforms.' },
];

function LegalPage({ title, effective, sections }: { title: string; effective?: string; sections: Section[] }) {
  return (
    <main className="page page-article" aria-labelledby="legal-title">
      <h1 id="legal-title">{title}</h1>
      {effective && <p className="muted">Effective {effective}</p>}
      {sections.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          <p>{section.text}</p>
        </section>
      ))}
      <p>
        <Link to="/">Back to Home</Link>
      </p>
    </main>
  );
}

export const TermsPage = () => <LegalPage title="Terms of Service" sections={TERMS_SECTIONS} />;
export const PrivacyPage = () => <LegalPage title="Privacy Policy" effective={PRIVACY_EFFECTIVE} sections={PRIVACY_SECTIONS} />;
export const SagentPrivacyPage = () => <LegalPage title="Sagent Privacy Policy" effective={PRIVACY_EFFECTIVE} sections={PRIVACY_SECTIONS} />;
