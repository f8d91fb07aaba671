import { Modal } from '../../ui';

/** The authorize-partner page's address, with the parameters a partner's site fills in. */
export const authorizeLink = (origin: string, partnerId: string, returnUrl?: string, state?: string) => {
  const q = new URLSearchParams({ partnerId });
  if (returnUrl) q.set('returnUrl', returnUrl);
  if (state) q.set('state', state);
  return `${origin}/invitations/authorize-partner?${q.toString()}`;
};

/**
 * 'Integrate with Your Website' (panel.md §2 Customers, "Integration document"): how a partner's
 * site sends people to authorize it and what comes back. docs/embedding.md says the same at length.
 */
export function IntegrateDialog({ partnerId, origins, onClose }: { partnerId: string; origins: string[]; onClose: () => void }) {
  const site = origins[0] ?? 'https://your-site.example';
  const example = authorizeLink(location.origin, partnerId, `${site}/tabula/callback`, 'RANDOM_STATE');
  return (
    <Modal open title="Integrate with Your Website" onClose={onClose} width={680}>
      <div className="p-partner__doc">
        <ol>
          <li>
            Add your website&apos;s address (its origin, e.g. <code>{site}</code>) to <strong>Your website addresses</strong> in your
            partner profile. Tabula only ever sends people back to those addresses.
          </li>
          <li>
            On your site, make a random <code>state</code> for the visitor and keep it in their session. Then send them to:
            <pre>{example}</pre>
            <code>partnerId</code> is your partner id (<code>{partnerId}</code>), <code>returnUrl</code> the page of your site to come back
            to (https, or http://localhost while you develop) and <code>state</code> your random value.
          </li>
          <li>The visitor logs in to Tabula or signs up, sees your name and logo, and chooses Authorize: they become your customer.</li>
          <li>
            Tabula sends them back to <code>returnUrl</code> with <code>state</code>, <code>customer</code> (their e-mail) and{' '}
            <code>customerId</code> added to its query, e.g.
            <pre>{`${site}/tabula/callback?state=RANDOM_STATE&customer=ann%40example.com&customerId=…`}</pre>
            Check that <code>state</code> is the one you kept for this visitor before you trust the answer, and store{' '}
            <code>customerId</code>.
          </li>
          <li>Choose their plan under Customers → Plans. They see the new plan after they log out and log in again.</li>
        </ol>
      </div>
    </Modal>
  );
}
