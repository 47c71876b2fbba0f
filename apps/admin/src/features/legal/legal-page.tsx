import { Link } from '@tanstack/react-router';
import { PublicDocumentTitle } from '../../lib/public-title';
import { LEGAL_TEXT, type LegalDocument } from './texts';

/** A readable static document page (用户协议, 隐私政策), outside the shell. */
export function LegalPage({ document: doc }: { document: LegalDocument }) {
  return (
    <main data-slot="legal-page" className="min-h-screen bg-background px-4 py-10">
      <PublicDocumentTitle title={doc.title} />
      <article className="mx-auto max-w-3xl rounded-lg bg-card p-6 text-card-foreground shadow-sm sm:p-10">
        <h1 className="text-2xl font-semibold">{doc.title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          {LEGAL_TEXT.updatedLabel}
          <time dateTime={doc.updated}>{doc.updated}</time>
        </p>
        <p
          role="note"
          className="mt-4 rounded-md border border-warning/60 bg-warning/10 px-3 py-2 text-sm text-foreground"
        >
          {LEGAL_TEXT.templateNotice}
        </p>
        <p className="mt-6 leading-7">{doc.intro}</p>
        {doc.sections.map((section) => (
          <section key={section.heading} className="mt-6">
            <h2 className="text-lg font-semibold">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-2 leading-7">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        <p className="mt-10">
          <Link to="/login" className="text-sm text-link underline-offset-4 hover:underline">
            {LEGAL_TEXT.backToLogin}
          </Link>
        </p>
      </article>
    </main>
  );
}
