// What revoking tokens did (or would do), whoever held them: a user (`wfctl token revoke`) or a
// partner (`wfctl partner token revoke`).
import React from 'react';
import { Summary } from './summary.js';

export function RevokedTokensView({
  holder,
  ids,
  preview,
}: {
  /** Whose tokens: a user's e-mail, a partner's name. */
  holder: string;
  ids: number[];
  preview?: boolean;
}) {
  return (
    <Summary
      title={
        preview
          ? `Preview: ${ids.length} token(s) of ${holder} would be revoked`
          : `Revoked ${ids.length} token(s) of ${holder}`
      }
      tone="warn"
      rows={[['token ids', ids.join(', ') || '(none were active)']]}
    />
  );
}
