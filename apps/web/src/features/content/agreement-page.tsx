/** The user agreement and privacy policy pages (/agreement/user, /agreement/privacy), opened from the login modal. */
import { Card } from '@arco-design/web-react';
import { useEffect } from 'react';
import { fillText } from '../../lib/fill-text';
import { text } from '../../locales/zh-CN';
import { privacyPolicy, userAgreement, type LegalDocument } from '../../locales/zh-CN/agreement';
import styles from './agreement-page.module.css';

const documents: Record<'user' | 'privacy', LegalDocument> = { user: userAgreement, privacy: privacyPolicy };

export function AgreementPage({ kind }: { kind: keyof typeof documents }) {
  const legalDocument = documents[kind];

  // The agreements open in their own tab, where the tab title is how the user tells them apart.
  useEffect(() => {
    const previous = document.title;
    document.title = `${legalDocument.title} - ${text.common.appName}`;
    return () => {
      document.title = previous;
    };
  }, [legalDocument]);

  return (
    <Card bordered={false} className={styles.card}>
      <article className={styles.article}>
        <h1 className={styles.title}>{legalDocument.title}</h1>
        <p className={styles.updated}>
          {fillText(text.content.agreement.updatedAt, { date: legalDocument.updatedAt })}
        </p>
        {legalDocument.preamble.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {legalDocument.sections.map((section) => (
          <section key={section.heading}>
            <h2 className={styles.heading}>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </article>
    </Card>
  );
}
