import type { CSSProperties } from 'react';
import type { EmailContent, EmailRow, LinkGroup } from './types';

// Mail clients ignore style sheets and much of CSS, so this is the
// old-fashioned way: nested 600px tables and inline styles, system fonts,
// neutral greys, and the business's colour (as its pages wear it) on its
// name, the links and the buttons.
const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const text: CSSProperties = { fontFamily: font, fontSize: '16px', lineHeight: '24px', color: '#27272a' };
const muted: CSSProperties = { ...text, fontSize: '14px', lineHeight: '20px', color: '#71717a' };
const ink = '#27272a';
const linkColor = '#1d4ed8';
const table = { role: 'presentation', cellPadding: 0, cellSpacing: 0, border: 0 } as const;

function Row({ row, accent }: { row: EmailRow; accent: string }) {
  const value = row.href ? (
    <a href={row.href} style={{ color: accent, textDecoration: 'underline' }}>
      {row.value}
    </a>
  ) : (
    row.value
  );
  return (
    <tr>
      {/* Labels wrap and long values (a reference, a link) break, so a
          phone's screen never scrolls sideways. */}
      <td valign="top" width="36%" style={{ ...muted, padding: '6px 16px 6px 0' }}>
        {row.label}
      </td>
      <td valign="top" style={{ ...text, padding: '6px 0', overflowWrap: 'anywhere', wordBreak: 'break-word', textDecoration: row.struck ? 'line-through' : undefined }}>
        {value}
      </td>
    </tr>
  );
}

function Buttons({ group, accent }: { group: LinkGroup; accent: string }) {
  return (
    <>
      <p style={{ ...text, fontWeight: 600, margin: '0 0 12px' }}>{group.heading}</p>
      <p style={{ ...text, margin: 0 }}>
        {group.links.map((l) => (
          <a
            key={l.href}
            href={l.href}
            style={{
              display: 'inline-block',
              margin: '0 8px 8px 0',
              padding: '10px 18px',
              borderRadius: '6px',
              border: `1px solid ${accent}`,
              backgroundColor: l.primary ? accent : '#ffffff',
              color: l.primary ? '#ffffff' : accent,
              fontFamily: font,
              fontSize: '15px',
              fontWeight: 600,
              textDecoration: 'none',
            }}
          >
            {l.label}
          </a>
        ))}
      </p>
    </>
  );
}

// EmailBody is everything inside <body>; render.tsx adds the document shell.
export function EmailBody({ c }: { c: EmailContent }) {
  return (
    <>
      <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden', opacity: 0 }}>{c.preheader}</div>
      <table {...table} width="100%" style={{ backgroundColor: '#f4f4f5' }}>
        <tbody>
          <tr>
            <td align="center" style={{ padding: '24px 12px' }}>
              <table {...table} width="600" style={{ width: '100%', maxWidth: '600px', backgroundColor: '#ffffff', border: '1px solid #e4e4e7', borderRadius: '8px' }}>
                <tbody>
                  <tr>
                    <td style={{ ...muted, padding: '24px 32px 0', fontWeight: 600, color: c.brand ?? muted.color }}>{c.business}</td>
                  </tr>
                  <tr>
                    <td style={{ padding: '8px 32px 0' }}>
                      <h1 style={{ ...text, fontSize: '24px', lineHeight: '32px', fontWeight: 700, margin: 0, color: '#18181b' }}>{c.title}</h1>
                    </td>
                  </tr>
                  <tr>
                    <td style={{ padding: '16px 32px 0' }}>
                      <p style={{ ...text, margin: '0 0 12px' }}>{c.greeting}</p>
                      {c.paragraphs.map((p, i) => (
                        <p key={i} style={{ ...text, margin: '0 0 12px' }}>
                          {p}
                        </p>
                      ))}
                    </td>
                  </tr>
                  <tr>
                    <td style={{ padding: '8px 32px 16px' }}>
                      <table {...table} width="100%" style={{ borderTop: '1px solid #e4e4e7', borderBottom: '1px solid #e4e4e7', padding: '8px 0' }}>
                        <tbody>
                          {c.rows.map((r) => (
                            <Row key={r.label} row={r} accent={c.brand ?? linkColor} />
                          ))}
                        </tbody>
                      </table>
                    </td>
                  </tr>
                  {c.calendar && (
                    <tr>
                      <td style={{ padding: '8px 32px 8px' }}>
                        <Buttons group={c.calendar} accent={c.brand ?? ink} />
                      </td>
                    </tr>
                  )}
                  {c.manage && (
                    <tr>
                      <td style={{ padding: '8px 32px 8px' }}>
                        <Buttons group={c.manage} accent={c.brand ?? ink} />
                      </td>
                    </tr>
                  )}
                  <tr>
                    <td style={{ ...muted, padding: '16px 32px 24px', fontSize: '12px', lineHeight: '18px' }}>{c.footer}</td>
                  </tr>
                </tbody>
              </table>
            </td>
          </tr>
        </tbody>
      </table>
    </>
  );
}
