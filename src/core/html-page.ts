// The frame of wfctl's small public HTML pages (the lost-pet tag page, the reminder opt-out pages):
// one place for what every such page's head needs (charset, viewport, noindex) and its inline style.
import { escapeHtml } from './mail-html.js';

export function htmlPage(title: string, style: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
${body}
</body>
</html>
`;
}
