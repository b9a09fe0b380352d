import { BusinessMark } from '../../components/BusinessMark';
import { FormattedMessage } from '../../lib/i18n';
import { usePage } from '../../PageContext';
import type { QuizResultPageData } from '../../generated/web';
import styles from './Forms.module.css';

// QuizResultScreen: route quizResult. It shows a score only when the
// server computed it for this visitor's answers; any other score in the
// URL gets a page that claims nothing.
export function QuizResultScreen() {
  const page = usePage<QuizResultPageData>();
  const { result, quiz, quizHref, business } = page.data;
  if (!result) {
    return (
      <div className={styles.screen}>
        <h1 className={styles.title}>
          <FormattedMessage id="screen.quizResult.title" />
        </h1>
        <p className={styles.intro}>
          <FormattedMessage id="quiz.unknown" />
        </p>
        <p className={styles.wayOn}>
          {quizHref && (
            <a className={styles.book} href={quizHref}>
              <FormattedMessage id="quiz.take" />
            </a>
          )}
          {page.data.book && (
            <a className={styles.resultLink} href={page.data.book}>
              <FormattedMessage id="form.wayOn.book" />
            </a>
          )}
          {page.data.home && (
            <a className={`${styles.resultLink} ${styles.home}`} href={page.data.home}>
              <FormattedMessage id="form.wayOn.home" />
            </a>
          )}
        </p>
      </div>
    );
  }
  const { score } = result;
  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <BusinessMark location={business} />
        <p className={styles.kicker}>{quiz}</p>
        <h1 className={styles.title}>{result.band || <FormattedMessage id="screen.quizResult.title" />}</h1>
      </header>
      <p className={styles.score}>
        <FormattedMessage id="quiz.score" values={{ points: score.points, max: score.max, b: (chunks) => <strong>{chunks}</strong> }} />
      </p>
      {result.text && <p className={styles.intro}>{result.text}</p>}
      {page.data.book && (
        <a className={styles.book} href={page.data.book}>
          <FormattedMessage id="site.bookingWidget" />
        </a>
      )}
      {(result.answers ?? []).length > 0 && (
        <section aria-labelledby="quiz-answers">
          <h2 id="quiz-answers" className={styles.subtitle}>
            <FormattedMessage id="quiz.answers" />
          </h2>
          <ol className={styles.answers}>
            {result.answers!.map((a, i) => (
              <li key={i} className={a.right ? styles.right : styles.wrong}>
                <p className={styles.question}>{a.label}</p>
                <p>
                  {/* Said in words, marked with a sign, never by colour alone. */}
                  <span className={styles.mark} aria-hidden="true">
                    {a.right ? '✓' : '✗'}
                  </span>
                  {/* A question whose options weigh points says the points it earned. */}
                  {a.max > 0 ? <FormattedMessage id="quiz.points" values={{ points: a.points, max: a.max }} /> : <FormattedMessage id={a.right ? 'quiz.right' : 'quiz.wrong'} />}{' '}
                  <FormattedMessage id="quiz.chosen" values={{ chosen: a.chosen.join(', ') || '—' }} />
                </p>
                {!a.right && (
                  <p>
                    <FormattedMessage id={a.max > 0 ? 'quiz.best' : 'quiz.correct'} values={{ correct: a.correct.join(', '), best: a.correct.join(', ') }} />
                  </p>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
      {quizHref && (
        <a className={styles.resultLink} href={quizHref}>
          <FormattedMessage id="quiz.again" />
        </a>
      )}
    </div>
  );
}
