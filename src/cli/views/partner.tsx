// Partners and their inbound tokens as `wfctl partner add|list|token …` show them. Outbound
// credentials are never part of what is shown.
import React from 'react';
import type { PartnerSummary } from '../../workforce/partners/registry/operations/list-partners.js';
import type {
  CreatedPartnerToken,
  RevokedPartnerTokens,
} from '../../workforce/partners/registry/operations/partner-tokens.js';
import type { SigningSecrets } from '../../workforce/partners/registry/operations/signing-secrets.js';
import { RevokedTokensView } from './revoked-tokens.js';
import { Summary } from './summary.js';

export function PartnerView({ p, title }: { p: PartnerSummary; title: string }) {
  return (
    <Summary
      title={title}
      rows={[
        ['id', String(p.id)],
        ['kind', p.kind],
        ['push url', p.push_url],
        ['organizations', p.organizations.join(', ')],
        ['active inbound tokens', p.tokens.map((t) => t.id).join(', ') || '(none)'],
      ]}
    />
  );
}

export function PartnerListView({ partners }: { partners: PartnerSummary[] }) {
  return (
    <Summary
      title={`${partners.length} partner(s)`}
      table={{
        columns: ['id', 'name', 'kind', 'organizations', 'tokens', 'push url'],
        rows: partners.map((p) => [
          p.id,
          p.name,
          p.kind,
          p.organizations.join(','),
          p.tokens.length,
          p.push_url,
        ]),
      }}
    />
  );
}

export const TOKEN_SHOWN_ONCE = 'This token is shown once. Store it now; wfctl keeps only its hash.';

export function PartnerTokenView({ r }: { r: CreatedPartnerToken }) {
  return (
    <Summary title={`Token ${r.token_id} for ${r.partner.name}`} rows={[['token', r.token]]} tone="warn" />
  );
}

export function RevokedPartnerTokensView({ r, preview }: { r: RevokedPartnerTokens; preview?: boolean }) {
  return <RevokedTokensView holder={r.partner.name} ids={r.revoked_token_ids} preview={preview} />;
}

/** Fingerprints only: which secret signs, never the secret. */
export function SigningSecretsView({ r, title }: { r: SigningSecrets; title: string }) {
  return (
    <Summary
      title={title}
      rows={[
        ['current (sha256, 12 hex)', r.current.fingerprint],
        ['next (sha256, 12 hex)', r.next ? `${r.next.fingerprint} (pushes carry both signatures)` : '(none)'],
      ]}
    />
  );
}
