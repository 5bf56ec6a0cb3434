import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from '../../components/legal-document.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { SiteEmailLink } from '../../components/site-email-link.tsx';

const privacyEmail = <SiteEmailLink mailbox="privacyEmail" />;

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        Campwise runs a marketplace where families find and book summer camps and activities, and where camp
        hosts list their organizations and camps. Campwise is the controller of the personal information
        described in this policy. You can reach us about privacy at any time at {privacyEmail}.
      </p>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect only what we need to run Campwise:</p>
        <ul>
          <li>
            <strong>Account details:</strong> your first and last name, e-mail address, phone number (optional
            for hosts) and password. We store the password only as a one-way hash; nobody at Campwise can read
            it.
          </li>
          <li>
            <strong>Host and organization details:</strong> the organization’s name, address, phone, website,
            description and contact person (name, phone and e-mail), camp details, logos and photos, your
            consent to a background check and its outcome, and the status of your subscription.
          </li>
          <li>
            <strong>Children’s details,</strong> given by their parent or guardian: first and last name,
            gender, birthday, shirt size and, if you choose to add them, allergies and medical notes.
          </li>
          <li>
            <strong>Registrations and payments:</strong> which camps you register for, waitlist places,
            amounts paid and refunds. For saved cards we keep only a reference from our payment processor, the
            card brand, the last four digits and the expiry date. We never receive or store your full card
            number or security code.
          </li>
          <li>
            <strong>Newsletter:</strong> your e-mail address, when you sign up for camp news.
          </li>
          <li>
            <strong>Messages</strong> you send us, and our replies.
          </li>
          <li>
            <strong>Technical information:</strong> your IP address, browser type and the pages requested,
            recorded in our server logs to keep the service secure and working.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'legal-bases',
    title: 'Why we use it and our legal bases',
    body: (
      <>
        <p>We process personal information only when we have a legal basis to do so:</p>
        <ul>
          <li>
            <strong>To perform our contract with you:</strong> creating and running your account, listing
            organizations and camps, handling registrations, payments, refunds, waitlists and subscriptions,
            and sending the e-mails that go with them.
          </li>
          <li>
            <strong>Our legitimate interests:</strong> reviewing organizations before they go live, keeping
            Campwise secure, preventing fraud and abuse, answering your messages and improving the service. We
            weigh these interests against your rights, and you can object at any time.
          </li>
          <li>
            <strong>Your consent:</strong> our newsletter, background checks where the law requires consent,
            and children’s medical notes, which you choose to share so a host can care for your child. You can
            withdraw consent at any time; this does not affect what we did before.
          </li>
          <li>
            <strong>Legal obligations:</strong> keeping tax and accounting records, and responding to lawful
            requests from authorities.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>
          We never sell your personal information and we do not use advertising trackers. We share information
          only with:
        </p>
        <ul>
          <li>
            <strong>Hosts,</strong> who receive the details of the children registered for their camps,
            including medical notes, and the parent’s contact details, so they can run the camp safely. A
            child’s medical notes are shared only with the host of a camp the child is registered for.
          </li>
          <li>
            <strong>Our payment processor</strong> (Stripe), which handles card payments, saved cards, refunds
            and host subscriptions.
          </li>
          <li>
            <strong>Our e-mail delivery provider,</strong> which sends account, registration and newsletter
            e-mails for us.
          </li>
          <li>
            <strong>Our hosting and storage providers,</strong> which run the servers, database and file
            storage that Campwise lives on.
          </li>
          <li>
            <strong>Our mailing list provider,</strong> which receives the e-mail addresses of newsletter
            subscribers only.
          </li>
          <li>
            <strong>Our background screening provider,</strong> for hosts’ background checks.
          </li>
          <li>
            <strong>Authorities,</strong> when the law requires it or to protect the safety of a child or
            anyone else.
          </li>
        </ul>
        <p>
          Our processors act only on our instructions, under contracts that require them to protect your
          information. Some of them process data in the United States; where data leaves the European Economic
          Area or the United Kingdom, we rely on safeguards such as the European Commission’s standard
          contractual clauses.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under the General Data Protection Regulation (GDPR) and similar laws, you have the right to:</p>
        <ul>
          <li>
            <strong>access</strong> the personal information we hold about you and get a copy of it;
          </li>
          <li>
            <strong>rectification:</strong> have inaccurate or incomplete information corrected;
          </li>
          <li>
            <strong>erasure:</strong> have your information deleted when we no longer need it or you withdraw
            consent;
          </li>
          <li>
            <strong>portability:</strong> receive the information you gave us in a machine-readable format, or
            have it sent to another service;
          </li>
          <li>
            <strong>object</strong> to processing based on our legitimate interests, and to direct marketing
            at any time;
          </li>
          <li>
            <strong>restriction:</strong> ask us to pause using your information while a concern is looked
            into;
          </li>
          <li>
            <strong>complain</strong> to a data protection supervisory authority, such as the one where you
            live or work.
          </li>
        </ul>
        <p>
          Residents of US states with privacy laws, such as California, have similar rights, and we honour
          them in the same way. You can update most details yourself in your account settings. For anything
          else, write to {privacyEmail}. We may ask you to confirm your identity, and{' '}
          <strong>we answer every request within 30 days</strong>.
        </p>
      </>
    ),
  },
  {
    id: 'marketing',
    title: 'Marketing and how to opt out',
    body: (
      <p>
        We send our newsletter only to people who sign up for it. Every newsletter has an unsubscribe link,
        and you can also opt out by writing to {privacyEmail}. When you opt out we remove you from our list
        and tell our mailing list provider to do the same. We will still send the e-mails you need to use
        Campwise, such as registration confirmations, waitlist offers and password resets.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>Account, organization and children’s details: for as long as your account is open.</li>
        <li>
          When you close your account or delete a child’s profile, we delete or anonymize the information
          within 30 days, except what we must keep by law.
        </li>
        <li>
          Registration, payment and subscription records: seven years, to meet tax and accounting obligations.
        </li>
        <li>
          Background check outcomes: while the host’s account is active, then as long as the law requires.
        </li>
        <li>Newsletter addresses: until you unsubscribe.</li>
        <li>Server logs: up to 30 days, unless needed to investigate a security incident.</li>
      </ul>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <>
        <p>
          Campwise is used by adults. Children do not create accounts, and we do not knowingly collect
          personal information directly from a child.{' '}
          <strong>We collect children’s data only from their parent or guardian</strong>, who decides what to
          share and can view, correct or delete it at any time from their account.
        </p>
        <p>
          Medical notes are optional. They are shared only with the host of a camp the child is registered
          for, and only so that the host can care for the child. If we learn that a child has given us
          personal information directly, we delete it. A parent or guardian can contact us about their child’s
          information at {privacyEmail}.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        All traffic to Campwise is encrypted in transit. Passwords are stored only as strong one-way hashes,
        card details are held by our payment processor rather than by us, access to personal information is
        limited to the people who need it, and uploaded photos are re-encoded to strip hidden metadata such as
        location. No system is perfectly secure; if a breach affects your information, we will tell you and
        the authorities as the law requires.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <p>
        Campwise does not use advertising or tracking cookies. To keep you signed in, your browser stores a
        sign-in token in its local storage; signing out removes it. Our payment processor may set its own
        cookies on its payment pages to prevent fraud.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We review this policy every year and whenever our practices change. If we make a significant change,
        we will tell you by e-mail or on the website before it takes effect. The latest version is always on
        this page; see also our{' '}
        <Anchor component={Link} to="/terms" underline="always">
          Terms of Use
        </Anchor>
        .
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        For any question about this policy or your personal information, or to exercise your rights, write to{' '}
        {privacyEmail}. We answer within 30 days.
      </p>
    ),
  },
];

export default function PrivacyPolicy() {
  const year = new Date().getFullYear();
  return (
    <PageFrame
      title="Privacy Policy"
      description="What we collect, why, who we share it with and the choices you have. We keep it as short and clear as we can."
    >
      <LegalDocument
        intro={
          <p>
            This policy explains how Campwise handles the personal information of families, children and camp
            hosts. It is reviewed every year.
          </p>
        }
        sections={sections}
        closing={
          <p>
            <strong>© {year} Campwise.</strong> All rights reserved. This policy was last reviewed in {year}.
          </p>
        }
      />
    </PageFrame>
  );
}
