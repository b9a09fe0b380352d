import { BusinessMark } from '../../components/BusinessMark';
import { FormattedMessage } from '../../lib/i18n';
import { usePage } from '../../PageContext';
import type { FormPageData } from '../../generated/web';
import { StepForm } from './components/StepForm';
import styles from './Forms.module.css';

// FormScreen: routes form, quiz and survey. The step, the answers kept so
// far and the thanks all come from the page's URL and payload, so Back,
// reload and a shared link show what the visitor saw.
export function FormScreen() {
  const page = usePage<FormPageData>();
  const data = page.data;
  const { form } = data;
  const step = form.steps.find((s) => s.id === data.step);
  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <BusinessMark location={data.business} />
        <h1 className={styles.title} lang={form.lang}>
          {form.title}
        </h1>
        {form.intro && !data.done && data.position <= 1 && (
          <p className={styles.intro} lang={form.lang}>
            {form.intro}
          </p>
        )}
      </header>
      {data.done ? (
        <Thanks data={data} />
      ) : (
        <>
          {data.total > 1 && (
            <div className={styles.progress}>
              <p className={styles.progressText}>
                <FormattedMessage id="form.progress" values={{ position: data.position, total: data.total }} />
                {step?.title && (
                  <span className={styles.stepTitle} lang={form.lang}>
                    {step.title}
                  </span>
                )}
              </p>
              <ol className={styles.bar} aria-hidden="true">
                {Array.from({ length: data.total }, (_, i) => (
                  <li key={i} className={i < data.position ? styles.reached : undefined} />
                ))}
              </ol>
            </div>
          )}
          <StepForm key={page.path} data={data} route={page.route} />
        </>
      )}
    </div>
  );
}

function Thanks({ data }: { data: FormPageData }) {
  return (
    <div className={styles.thanks} role="status">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="40" height="40" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="12" cy="12" r="10" />
        <path d="m8 12.5 2.5 2.5L16 9.5" />
      </svg>
      <p className={styles.thanksText}>{data.thanks || <FormattedMessage id="form.thanks" />}</p>
      {data.resultHref && (
        <a className={styles.resultLink} href={data.resultHref}>
          <FormattedMessage id="quiz.seeResult" />
        </a>
      )}
      {/* A visit's end is never a dead end: the business's next step, and
          the way back to its website. */}
      {data.wayOn && (
        <p className={styles.wayOn}>
          {data.wayOn.book && (
            <a className={styles.resultLink} href={data.wayOn.book}>
              <FormattedMessage id="form.wayOn.book" />
            </a>
          )}
          <a className={styles.home} href={data.wayOn.home} target="_top">
            <FormattedMessage id="form.wayOn.home" />
          </a>
        </p>
      )}
    </div>
  );
}
