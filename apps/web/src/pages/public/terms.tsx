import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from '../../components/legal-document.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { SiteEmailLink } from '../../components/site-email-link.tsx';

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'About these terms',
    body: (
      <>
        <p>
          These Terms of Use are an agreement between you and Campwise. They apply whenever you visit our
          website, create an account, list a camp, or register a child for a camp through Campwise. By using
          Campwise you accept these terms and our{' '}
          <Anchor component={Link} to="/privacypolicy" underline="always">
            Privacy Policy
          </Anchor>
          . If you do not agree, please do not use the service.
        </p>
        <p>
          You must be at least 18 years old and able to enter into a binding contract to create an account.
          Children do not use Campwise themselves; a parent or guardian manages everything on their behalf.
        </p>
      </>
    ),
  },
  {
    id: 'marketplace',
    title: 'Campwise is a marketplace',
    body: (
      <>
        <p>
          Campwise connects families with independent camp and activity providers (“hosts”). We provide the
          website, the listings, and tools for registration and payment.{' '}
          <strong>We do not run, staff or supervise any camp or activity</strong>, and hosts are not our
          employees or agents.
        </p>
        <p>
          When you register a child, the agreement for the camp itself is between you and the host. The host
          is responsible for the camp: its program, staff, premises, supervision, safety, and any rules or
          policies it shares with you. Our review of organizations and the background check described below
          reduce risk but are no guarantee about any host or camp; please use your own judgement, as you would
          with any provider.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>Give us accurate, current information and keep it up to date.</li>
        <li>
          Keep your password secret and do not share your account. You are responsible for what happens under
          it.
        </li>
        <li>
          Tell us at once at <SiteEmailLink mailbox="supportEmail" /> if you think someone else has used your
          account.
        </li>
        <li>
          One person per account. Host and family accounts are separate, each with its own e-mail address.
        </li>
      </ul>
    ),
  },
  {
    id: 'hosts',
    title: 'Hosts and their listings',
    body: (
      <>
        <p>If you list an organization or a camp on Campwise, you promise that:</p>
        <ul>
          <li>
            your listings are accurate and complete, including dates, times, locations, ages, capacity, cost
            and any cancellation or refund policy, and that you update them promptly when something changes;
          </li>
          <li>
            you hold every licence, permit, certification and insurance that the law requires for your camps,
            and you follow all applicable laws, including those on child safety, health, employment and
            accessibility;
          </li>
          <li>
            you screen, train and supervise your staff and volunteers appropriately for work with children;
          </li>
          <li>
            you honour the registrations you accept, at the price listed, and deliver the camp as described;
          </li>
          <li>
            you use families’ and children’s information only to run the camp they registered for, keep it
            secure, and never use it for unrelated marketing.
          </li>
        </ul>
        <p>
          A host profile must be approved before camps can be added. We review each new organization and each
          change to an approved one, and we may decline, remove or ask you to correct a listing at our
          discretion.
        </p>
      </>
    ),
  },
  {
    id: 'background-checks',
    title: 'Background checks',
    body: (
      <p>
        Hosts go through a background check. When you add an organization, you consent to Campwise, or a
        screening provider acting for us, checking the information you give us and running a background check
        where the law allows. You agree to provide the information the check needs. We may decline or remove a
        host based on the result. We handle this information as described in our Privacy Policy and only for
        this purpose.
      </p>
    ),
  },
  {
    id: 'subscriptions',
    title: 'Host subscriptions and billing',
    body: (
      <ul>
        <li>
          Host features require a paid subscription. The current price and billing interval are shown on our{' '}
          <Anchor component={Link} to="/pricing" underline="always">
            Pricing
          </Anchor>{' '}
          page.
        </li>
        <li>
          Subscriptions renew automatically at the end of each period and are charged to your payment method
          through our payment processor until you cancel.
        </li>
        <li>
          You can cancel at any time. Cancellation takes effect at the end of the current period; we do not
          refund partial periods unless the law requires it.
        </li>
        <li>
          If a payment fails or your subscription ends, your camps stop appearing in search and you cannot
          accept new registrations until it is active again.
        </li>
        <li>
          We may change the price with at least 30 days’ notice by e-mail. The new price applies from your
          next renewal after the notice period; you may cancel before then.
        </li>
      </ul>
    ),
  },
  {
    id: 'registrations',
    title: 'Registrations, payments and refunds for families',
    body: (
      <>
        <p>
          Creating a family account, searching and registering on Campwise are free. When you register a
          child, you pay the camp’s listed cost by card. Payments are processed by our payment processor;
          Campwise never stores your full card number or security code.
        </p>
        <ul>
          <li>A registration is confirmed once the payment succeeds and we show you a confirmation.</li>
          <li>
            When a camp is full and offers a waitlist, you may join it. If a spot frees up, we offer it to the
            first family on the waitlist by e-mail and hold it for 48 hours.
          </li>
          <li>
            You can cancel a registration from your account. Refunds follow the host’s cancellation policy
            shown for the camp and are paid back to the original card through our payment processor. If a host
            cancels a camp, the host refunds what you paid in full.
          </li>
          <li>
            Questions about the camp itself, such as what to bring, schedules or medical needs, are best
            answered by the host.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children’s safety and information',
    body: (
      <p>
        Children’s details are provided by their parent or guardian, who confirms they have the right to share
        them. Share only what a host needs to care for your child. Medical notes are shared only with the host
        of a camp your child is registered for. If you have a concern about a child’s safety at a camp,
        contact the host and us at <SiteEmailLink mailbox="supportEmail" /> straight away; in an emergency,
        call 911 first.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>When using Campwise you must not:</p>
        <ul>
          <li>post anything false, misleading, unlawful, hateful, or harmful to children;</li>
          <li>impersonate anyone, or list a camp you are not authorized to offer;</li>
          <li>contact families or hosts for purposes unrelated to a camp, or send spam;</li>
          <li>
            copy, scrape or harvest listings or personal information, or use automated tools to access the
            service without our written permission;
          </li>
          <li>
            interfere with the service, probe or break its security, or get around limits on how it may be
            used;
          </li>
          <li>
            take payments for camps booked through Campwise outside of Campwise to avoid its payment tools.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Your content and images',
    body: (
      <>
        <p>
          You keep ownership of the text, photos and logos you add (“your content”). You give Campwise a
          worldwide, non-exclusive, royalty-free licence to host, copy, resize, display and share your content
          for the purpose of running and promoting the service, including in search results, e-mails and
          social media posts about your camps. The licence ends when you delete the content or your account,
          except for copies we must keep by law or that others have already shared.
        </p>
        <p>
          You promise you have the rights to your content, and that you have permission from every
          identifiable person shown in your photos, or from a parent or guardian for any child. We may remove
          content that breaks these terms.
        </p>
        <p>
          The Campwise name, logo, illustrations and website are ours, and these terms give you no right to
          use them other than to use the service.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Disclaimers and limits of liability',
    body: (
      <>
        <p>
          We work hard to keep Campwise available and accurate, but we provide it “as is” and cannot promise
          it will always be uninterrupted or error-free. Listings are written by hosts, and we do not
          guarantee their accuracy or the quality or safety of any camp.
        </p>
        <p>
          To the fullest extent the law allows, Campwise is not liable for indirect, incidental or
          consequential losses, or for anything that happens at a camp or activity run by a host. Our total
          liability for any claim related to the service is limited to the greater of the fees you paid to
          Campwise in the 12 months before the claim and 100 US dollars. Nothing in these terms limits
          liability that cannot be limited by law, such as for death or personal injury caused by negligence,
          or for fraud.
        </p>
        <p>
          Hosts agree to indemnify Campwise against claims arising from their camps, their listings or their
          breach of these terms.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    body: (
      <p>
        You can close your account at any time by writing to <SiteEmailLink mailbox="supportEmail" />. We may
        suspend or close an account, or remove listings, if you break these terms, if we are required to by
        law, or to protect children, families, hosts or Campwise. Where it is safe and lawful, we will tell
        you why. Sections that by their nature should survive, such as the content licence for material
        already shared, payments owed and limits of liability, continue after your account closes.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms as Campwise grows. When we make a significant change, we will tell you by
        e-mail or on the website at least 30 days before it takes effect. If you keep using Campwise after
        that, the new terms apply; if you do not agree, you may close your account.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law and disputes',
    body: (
      <p>
        These terms are governed by the laws of the State of Delaware, USA, without regard to its conflict of
        laws rules. Before starting any formal proceedings, please contact us so we can try to resolve the
        matter informally. If you live outside the United States, you keep any protections that the law of
        your country gives you and that cannot be waived by agreement, and you may bring a claim in your local
        courts.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Write to us at <SiteEmailLink mailbox="infoEmail" />, or for help with
        your account at <SiteEmailLink mailbox="supportEmail" />.
      </p>
    ),
  },
];

export default function Terms() {
  return (
    <PageFrame
      title="Terms of Use"
      description="The rules for using Campwise, for families and for camp hosts, in plain language."
    >
      <LegalDocument
        intro={
          <p>
            <strong>Last updated: November 2, 2026.</strong> Please read these terms carefully. They explain
            what you can expect from Campwise, what we expect from you, and the limits of our responsibility.
          </p>
        }
        sections={sections}
      />
    </PageFrame>
  );
}
