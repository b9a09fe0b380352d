package sites

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
	"slotwise/locales"
)

// PostsPerPage is the length of a listing's page.
const PostsPerPage = 5

// RelatedPosts is how many posts a post offers to read next.
const RelatedPosts = 3

// wordsPerMinute is an adult's pace reading a screen, for reading times.
const wordsPerMinute = 230

// postWords is the SQL for the number of words in p.body's text.
const postWords = `(SELECT coalesce(sum(cardinality(regexp_split_to_array(btrim(v #>> '{}'), '\s+'))), 0)
	FROM jsonb_path_query(p.body, 'strict $.**.x') v WHERE btrim(v #>> '{}') <> '')`

// readingMinutes is the time words take to read, rounded up, at least 1.
func readingMinutes(words int) int {
	return max(1, (words+wordsPerMinute-1)/wordsPerMinute)
}

// visibleAt is the condition of a post readers see: published, and its time
// has come by the store's clock, given as the query's parameter param (a
// post scheduled for tomorrow is a draft to readers until then).
func visibleAt(param string) string {
	return `p.status = 'published' AND p.published_at <= ` + param + `::timestamptz`
}

// BlogByPath returns the blog at a site path.
func (s *Store) BlogByPath(ctx context.Context, path string) (*Blog, error) {
	var b Blog
	err := s.q.QueryRow(ctx, `SELECT id, path, title, description, translations, `+businessLocale("$2")+`
		FROM blogs WHERE path = $1 AND location_id = $2`, path, db.ThisBusiness).
		Scan(&b.ID, &b.Path, &b.Title, &b.Description, &b.translations, &b.Original)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("sites: unable to fetch blog %q: %w", path, err)
	}
	return &b, b.in("")
}

// businessLocale is the SQL of the language the business (param) writes in.
func businessLocale(param string) string {
	return `(SELECT default_locale FROM locations WHERE id = ` + param + `)`
}

// BlogOfCategory returns the blog a category belongs to.
func (s *Store) BlogOfCategory(ctx context.Context, slug string) (*Blog, error) {
	var b Blog
	err := s.q.QueryRow(ctx, `SELECT b.id, b.path, b.title, b.description, b.translations, `+businessLocale("$2")+`
		FROM blogs b JOIN blog_categories c ON c.blog_id = b.id AND c.location_id = b.location_id
		WHERE c.slug = $1 AND c.location_id = $2`, slug, db.ThisBusiness).
		Scan(&b.ID, &b.Path, &b.Title, &b.Description, &b.translations, &b.Original)
	if err != nil {
		return nil, notFoundOr(err, "category", slug)
	}
	return &b, b.in("")
}

// PostBySlug returns the visible post with a slug, whole.
func (s *Store) PostBySlug(ctx context.Context, slug string) (*Post, error) {
	return s.postBySlug(ctx, slug, "", false)
}

// TranslatedPost is the original slug of the visible post one of whose
// visible translations has slug for an address of its own, in any
// language.
func (s *Store) TranslatedPost(ctx context.Context, slug string) (string, error) {
	var orig string
	err := s.q.QueryRow(ctx, `SELECT p.slug FROM post_translations t JOIN posts p ON p.id = t.post_id AND p.location_id = t.location_id
		WHERE t.slug = $1 AND t.location_id = $2 AND `+visibleTranslation("t", "$3")+` AND `+visibleAt("$3")+` ORDER BY t.locale LIMIT 1`,
		slug, db.ThisBusiness, s.now()).Scan(&orig)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrNotFound
	}
	return orig, err
}

// PostIn is the visible post with a slug in locale (a language's URL
// prefix): with its visible translation's texts when it has one. It says
// the language its text is in and the languages it is published in.
func (s *Store) PostIn(ctx context.Context, slug, locale string) (*Post, error) {
	return s.postBySlug(ctx, slug, locale, false)
}

func (s *Store) postBySlug(ctx context.Context, slug, locale string, drafts bool) (*Post, error) {
	cond := visibleAt("$2")
	if drafts {
		cond = "$2::timestamptz IS NOT NULL"
	}
	var p Post
	var body []byte
	var cover []byte
	var id int64
	var words int
	var authorTexts []byte
	err := s.q.QueryRow(ctx, `
		SELECT p.id, p.slug, p.title, p.excerpt, p.cover, coalesce(p.published_at, p.updated_at), p.updated_at, p.body, `+postWords+`,
		       a.slug, a.name, a.bio, a.translations, b.id, b.path, b.title, b.description, b.translations
		FROM posts p JOIN authors a ON a.id = p.author_id AND a.location_id = p.location_id
		  JOIN blogs b ON b.id = p.blog_id AND b.location_id = p.location_id
		WHERE p.slug = coalesce((SELECT o.slug FROM post_translations x JOIN posts o ON o.id = x.post_id AND o.location_id = x.location_id
		                         WHERE x.slug = $1 AND x.locale = $4 AND x.location_id = $3 AND `+visibleTranslation("x", "$2")+`), $1)
		  AND p.location_id = $3 AND `+cond, slug, s.now(), db.ThisBusiness, locale).
		Scan(&id, &p.Slug, &p.Title, &p.Excerpt, &cover, &p.PublishedAt, &p.UpdatedAt, &body, &words,
			&p.Author.Slug, &p.Author.Name, &p.Author.Bio, &authorTexts, &p.Blog.ID, &p.Blog.Path, &p.Blog.Title, &p.Blog.Description, &p.Blog.translations)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("sites: unable to fetch post %q: %w", slug, err)
	}
	if err := json.Unmarshal(body, &p.Body); err != nil {
		return nil, fmt.Errorf("sites: post %q has a body that is not rich text: %w", slug, err)
	}
	if p.Cover, err = decodeImage(cover); err != nil {
		return nil, fmt.Errorf("sites: post %q: %w", slug, err)
	}
	p.ReadingMinutes = readingMinutes(words)
	if err := s.translatePost(ctx, id, locale, &p); err != nil {
		return nil, err
	}
	// What stands around its text is in the text's language, where the
	// business translated it.
	textLocale := ""
	if p.Lang != locales.Lang(p.Original) {
		textLocale = locale
	}
	p.Blog.Original = p.Original
	if err := p.Blog.in(textLocale); err != nil {
		return nil, err
	}
	if _, t, err := textsIn(authorTexts, textLocale); err != nil {
		return nil, fmt.Errorf("sites: author %q has broken translations: %w", p.Author.Slug, err)
	} else if t != nil && t.Bio != "" {
		p.Author.Bio = t.Bio
	}
	p.Key = p.Slug
	if own := p.Paths[locale]; own != "" && textLocale != "" {
		p.Slug = own
	}
	summaries := []PostSummary{p.PostSummary}
	if err := s.labels(ctx, []string{p.Key}, summaries, textLocale); err != nil {
		return nil, err
	}
	p.PostSummary = summaries[0]
	if p.Related, err = s.related(ctx, id, p.Blog.ID, locale); err != nil {
		return nil, err
	}
	return &p, nil
}

// related are the visible posts of the blog to read after post id: most
// shared categories and tags first, then the newest.
func (s *Store) related(ctx context.Context, id, blog int64, locale string) ([]PostSummary, error) {
	shared := `(SELECT count(*) FROM post_categories pc WHERE pc.post_id = p.id AND pc.location_id = p.location_id
	              AND pc.category_id IN (SELECT category_id FROM post_categories WHERE post_id = $3 AND location_id = $4))
	         + (SELECT count(*) FROM post_tags pt WHERE pt.post_id = p.id AND pt.location_id = p.location_id
	              AND pt.tag_id IN (SELECT tag_id FROM post_tags WHERE post_id = $3 AND location_id = $4))`
	posts, err := s.summaries(ctx, false, locale, fmt.Sprintf(`p.blog_id = $1 AND p.location_id = $4 AND %s AND p.id <> $3 ORDER BY %s DESC, p.published_at DESC, p.id DESC LIMIT %d`,
		visibleAt("$2"), shared, RelatedPosts), blog, s.now(), id, db.ThisBusiness)
	// A card to read next shows no biography: the page carries none.
	for i := range posts {
		posts[i].Author.Bio = ""
	}
	return posts, err
}

// ListingQuery asks for one page of a blog's posts, optionally only those
// of a category, an author or a tag (by slug).
type ListingQuery struct {
	Blog                  *Blog
	Category, Author, Tag string
	Page                  int // 1-based
	PerPage               int // 0 is PostsPerPage
	// Locale is the language prefix the posts are listed in: a post's
	// visible translation into it gives its title, excerpt and date.
	Locale string
	// Translated lists only the posts with a visible translation into
	// Locale (a feed in that language).
	Translated bool
}

// Listing returns a page of the blog's visible posts, newest first. A
// category, author or tag that does not exist is ErrNotFound; so is a page
// past the last (the first page exists even when empty).
func (s *Store) Listing(ctx context.Context, q ListingQuery) (*Listing, error) {
	l := &Listing{Blog: *q.Blog, Kind: "blog", Page: q.Page, Posts: []PostSummary{}}
	if err := l.Blog.in(q.Locale); err != nil {
		return nil, err
	}
	l.Translations = l.Blog.Translations
	where, args := `p.blog_id = $1 AND p.location_id = $3 AND `+visibleAt("$2"), []any{q.Blog.ID, s.now(), db.ThisBusiness}
	switch {
	case q.Category != "":
		var c Category
		err := s.q.QueryRow(ctx, `SELECT slug, name, description FROM blog_categories WHERE slug = $1 AND blog_id = $2 AND location_id = $3`,
			q.Category, q.Blog.ID, db.ThisBusiness).
			Scan(&c.Slug, &c.Name, &c.Description)
		if err != nil {
			return nil, notFoundOr(err, "category", q.Category)
		}
		var named []string // the languages the blog's translations name it in
		for _, lang := range l.Translations {
			if _, ok := l.Blog.categoryIn(c, lang); ok {
				named = append(named, lang)
			}
		}
		c, inLocale := l.Blog.categoryIn(c, q.Locale)
		c.Lang = nameLang(inLocale, q.Locale, q.Blog.Original)
		l.Kind, l.Category, l.Translations = "category", &c, named
		where += ` AND EXISTS (SELECT 1 FROM post_categories pc JOIN blog_categories c ON c.id = pc.category_id AND c.location_id = pc.location_id
			WHERE pc.post_id = p.id AND pc.location_id = p.location_id AND c.slug = $4)`
		args = append(args, q.Category)
	case q.Author != "":
		var a Author
		var texts []byte
		if err := s.q.QueryRow(ctx, `SELECT slug, name, bio, translations FROM authors WHERE slug = $1 AND location_id = $2`, q.Author, db.ThisBusiness).
			Scan(&a.Slug, &a.Name, &a.Bio, &texts); err != nil {
			return nil, notFoundOr(err, "author", q.Author)
		}
		langs, t, err := textsIn(texts, q.Locale)
		if err != nil {
			return nil, fmt.Errorf("sites: author %q has broken translations: %w", a.Slug, err)
		}
		if t != nil {
			a.Bio = cmp.Or(t.Bio, a.Bio)
		}
		// An author without a biography reads the same in every language.
		l.Kind, l.Author, l.Translations = "author", &a, translatedInto(l.Translations, langs, a.Bio == "")
		where += ` AND a.slug = $4`
		args = append(args, q.Author)
	case q.Tag != "":
		var t Tag
		var texts []byte
		if err := s.q.QueryRow(ctx, `SELECT slug, name, translations FROM tags WHERE slug = $1 AND location_id = $2`, q.Tag, db.ThisBusiness).
			Scan(&t.Slug, &t.Name, &texts); err != nil {
			return nil, notFoundOr(err, "tag", q.Tag)
		}
		langs, own, err := textsIn(texts, q.Locale)
		if err != nil {
			return nil, fmt.Errorf("sites: tag %q has broken translations: %w", t.Slug, err)
		}
		if own != nil {
			t.Name = cmp.Or(own.Name, t.Name)
		}
		t.Lang = nameLang(own != nil && own.Name != "", q.Locale, q.Blog.Original)
		l.Kind, l.Tag, l.Translations = "tag", &t, translatedInto(l.Translations, langs, false)
		where += ` AND EXISTS (SELECT 1 FROM post_tags pt JOIN tags t ON t.id = pt.tag_id AND t.location_id = pt.location_id
			WHERE pt.post_id = p.id AND pt.location_id = p.location_id AND t.slug = $4)`
		args = append(args, q.Tag)
	}
	// A listing is in a language where the business translated its texts
	// and it has posts in that language: there it lists those posts only,
	// as its feed in that language does.
	if len(l.Translations) > 0 {
		var err error
		if l.Translations, err = s.postLanguages(ctx, where, args, l.Translations); err != nil {
			return nil, err
		}
	}
	l.Lang = locales.Lang(q.Blog.Original)
	if slices.Contains(l.Translations, q.Locale) {
		l.Lang, q.Translated = locales.Lang(q.Locale), true
	}
	if q.Translated {
		args = append(args, q.Locale)
		where += fmt.Sprintf(` AND EXISTS (SELECT 1 FROM post_translations x WHERE x.post_id = p.id AND x.location_id = p.location_id
			AND x.locale = $%d AND %s)`, len(args), visibleTranslation("x", "$2"))
	}
	if err := s.q.QueryRow(ctx, `SELECT count(*) FROM posts p JOIN authors a ON a.id = p.author_id AND a.location_id = p.location_id WHERE `+where, args...).Scan(&l.Total); err != nil {
		return nil, fmt.Errorf("sites: unable to count posts: %w", err)
	}
	per := PostsPerPage
	if q.PerPage > 0 {
		per = q.PerPage
	}
	l.Pages = max(1, (l.Total+per-1)/per)
	if q.Page < 1 || q.Page > l.Pages {
		return nil, ErrNotFound
	}
	posts, err := s.summaries(ctx, true, q.Locale, fmt.Sprintf(`%s ORDER BY p.published_at DESC, p.id DESC LIMIT %d OFFSET %d`, where, per, (q.Page-1)*per), args...)
	if err != nil {
		return nil, err
	}
	l.Posts = posts
	return l, nil
}

// nameLang is the language of a category's or tag's name: locale where
// it is translated into it, else the business's.
func nameLang(translated bool, locale, original string) string {
	if translated {
		return locales.Lang(locale)
	}
	return locales.Lang(original)
}

// postLanguages are the languages of langs that some post where (a
// condition on p and a) selects has a visible translation into.
func (s *Store) postLanguages(ctx context.Context, where string, args []any, langs []string) ([]string, error) {
	rows, err := s.q.Query(ctx, fmt.Sprintf(`SELECT DISTINCT x.locale FROM posts p JOIN authors a ON a.id = p.author_id AND a.location_id = p.location_id
		JOIN post_translations x ON x.post_id = p.id AND x.location_id = p.location_id AND %s
		WHERE %s AND x.locale = ANY($%d) ORDER BY 1`, visibleTranslation("x", "$2"), where, len(args)+1), append(args, langs)...)
	if err != nil {
		return nil, fmt.Errorf("sites: unable to read the listing's languages: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// summaries are the posts that tail (a condition on p and a, its order and
// limit) selects, with their categories and tags when labelled.
func (s *Store) summaries(ctx context.Context, labelled bool, locale, tail string, args ...any) ([]PostSummary, error) {
	// In locale, a post's visible translation's title, excerpt and date.
	at, now := fmt.Sprintf("$%d", len(args)+1), fmt.Sprintf("$%d", len(args)+2)
	args = append(args, locale, s.now())
	rows, err := s.q.Query(ctx, `
		SELECT p.slug, coalesce(t.slug, p.slug), coalesce(t.title, p.title), coalesce(t.excerpt, p.excerpt), p.cover, coalesce(t.published_at, p.published_at), `+postWords+`,
		       a.slug, a.name, coalesce(nullif(a.translations->`+at+`->>'bio', ''), a.bio), coalesce(t.locale, (SELECT l.default_locale FROM locations l WHERE l.id = p.location_id))
		FROM posts p JOIN authors a ON a.id = p.author_id AND a.location_id = p.location_id
		  LEFT JOIN post_translations t ON t.post_id = p.id AND t.location_id = p.location_id AND t.locale = `+at+` AND `+visibleTranslation("t", now)+`
		WHERE `+tail, args...)
	if err != nil {
		return nil, fmt.Errorf("sites: unable to list posts: %w", err)
	}
	posts := []PostSummary{}
	var slugs []string
	for rows.Next() {
		var p PostSummary
		var cover []byte
		var words int
		if err := rows.Scan(&p.Key, &p.Slug, &p.Title, &p.Excerpt, &cover, &p.PublishedAt, &words, &p.Author.Slug, &p.Author.Name, &p.Author.Bio, &p.Lang); err != nil {
			rows.Close()
			return nil, fmt.Errorf("sites: unable to read a post: %w", err)
		}
		if p.Cover, err = decodeImage(cover); err != nil {
			rows.Close()
			return nil, fmt.Errorf("sites: post %q: %w", p.Slug, err)
		}
		p.ReadingMinutes = readingMinutes(words)
		p.Lang = locales.Lang(p.Lang)
		p.Categories, p.Tags = []Category{}, []Tag{}
		posts = append(posts, p)
		slugs = append(slugs, p.Key)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sites: unable to list posts: %w", err)
	}
	if !labelled {
		return posts, nil
	}
	return posts, s.labels(ctx, slugs, posts, locale)
}

// labels fills the categories and tags of the posts (in the order of
// slugs), in locale where the business translated them.
func (s *Store) labels(ctx context.Context, slugs []string, posts []PostSummary, locale string) error {
	at := map[string]int{}
	for i, slug := range slugs {
		at[slug] = i
		posts[i].Categories, posts[i].Tags = []Category{}, []Tag{}
	}
	if len(slugs) == 0 {
		return nil
	}
	rows, err := s.q.Query(ctx, `
		SELECT p.slug, 'category', c.slug, c.name, c.description, b.translations, false, `+businessLocale("$2")+` FROM posts p
		  JOIN post_categories pc ON pc.post_id = p.id AND pc.location_id = p.location_id
		  JOIN blog_categories c ON c.id = pc.category_id AND c.location_id = pc.location_id
		  JOIN blogs b ON b.id = c.blog_id AND b.location_id = c.location_id WHERE p.slug = ANY($1) AND p.location_id = $2
		UNION ALL
		SELECT p.slug, 'tag', t.slug, coalesce(nullif(t.translations->$3->>'name', ''), t.name), '', NULL, t.translations->$3->>'name' <> '',
		       `+businessLocale("$2")+` FROM posts p
		  JOIN post_tags pt ON pt.post_id = p.id AND pt.location_id = p.location_id
		  JOIN tags t ON t.id = pt.tag_id AND t.location_id = pt.location_id WHERE p.slug = ANY($1) AND p.location_id = $2
		ORDER BY 1, 2, 4`, slugs, db.ThisBusiness, locale)
	if err != nil {
		return fmt.Errorf("sites: unable to read categories and tags: %w", err)
	}
	defer rows.Close()
	// Each says its language: the one asked for where it is translated,
	// else the business's.
	for rows.Next() {
		var post, kind, slug, name, desc, original string
		var blog Blog
		var translated *bool
		if err := rows.Scan(&post, &kind, &slug, &name, &desc, &blog.translations, &translated, &original); err != nil {
			return fmt.Errorf("sites: unable to read a label: %w", err)
		}
		p := &posts[at[post]]
		if kind == "category" {
			c, ok := blog.categoryIn(Category{Slug: slug, Name: name, Description: desc}, locale)
			c.Lang = nameLang(ok, locale, original)
			p.Categories = append(p.Categories, c)
		} else {
			p.Tags = append(p.Tags, Tag{Slug: slug, Name: name, Lang: nameLang(translated != nil && *translated, locale, original)})
		}
	}
	return rows.Err()
}

func notFoundOr(err error, what, slug string) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	return fmt.Errorf("sites: unable to fetch %s %q: %w", what, slug, err)
}

func decodeImage(data []byte) (*Image, error) {
	if len(data) == 0 || string(data) == "null" {
		return nil, nil
	}
	var img Image
	if err := json.Unmarshal(data, &img); err != nil {
		return nil, fmt.Errorf("an image that is not one: %w", err)
	}
	return &img, nil
}

// postStatus is a post's status and publication time as they are kept: a
// draft may carry the time it is meant to be published at.
func postStatus(published bool, at time.Time) (string, *time.Time) {
	status := "draft"
	if published {
		status = "published"
	}
	if published || !at.IsZero() {
		return status, &at
	}
	return status, nil
}

// postBody is a post's body as it is kept: what its author wrote and its
// format, and it sanitised (Markdown first made HTML).
func postBody(markdown, html string) (source, format string, body []byte, err error) {
	source, format = html, "html"
	if markdown != "" {
		if html, err = MarkdownHTML(markdown); err != nil {
			return "", "", nil, err
		}
		source, format = markdown, "markdown"
	}
	nodes, err := SanitizeHTML(html)
	if err != nil {
		return "", "", nil, err
	}
	body, _ = json.Marshal(nodes) // a tree of strings always encodes
	return source, format, body, nil
}

// PostInput is a post as an author writes it: the body in HTML (or in
// Markdown, BodyMarkdown, rendered to HTML first), sanitised here on the
// way in.
type PostInput struct {
	Blog, Slug, Title, Excerpt, BodyHTML string
	BodyMarkdown                         string // used instead of BodyHTML when not empty
	Cover                                *Image
	Author                               string   // slug
	Categories, Tags                     []string // slugs
	Published                            bool
	PublishedAt                          time.Time
}

// SaveBlog creates or updates the blog at b.Path.
func (s *Store) SaveBlog(ctx context.Context, b Blog) error {
	_, err := s.q.Exec(ctx, `INSERT INTO blogs (path, title, description) VALUES ($1, $2, $3)
		ON CONFLICT (path, location_id) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description, updated_at = now()`,
		b.Path, b.Title, b.Description)
	if err != nil {
		return fmt.Errorf("sites: unable to save blog %q: %w", b.Path, err)
	}
	return nil
}

// SaveAuthor, SaveCategory and SaveTag create or update by slug.
func (s *Store) SaveAuthor(ctx context.Context, a Author) error {
	_, err := s.q.Exec(ctx, `INSERT INTO authors (slug, name, bio) VALUES ($1, $2, $3)
		ON CONFLICT (slug, location_id) DO UPDATE SET name = EXCLUDED.name, bio = EXCLUDED.bio, updated_at = now()`, a.Slug, a.Name, a.Bio)
	if err != nil {
		return fmt.Errorf("sites: unable to save author %q: %w", a.Slug, err)
	}
	return nil
}

func (s *Store) SaveCategory(ctx context.Context, blogPath string, c Category) error {
	_, err := s.q.Exec(ctx, `INSERT INTO blog_categories (blog_id, slug, name, description)
		VALUES ((SELECT id FROM blogs WHERE path = $1 AND location_id = $5), $2, $3, $4)
		ON CONFLICT (slug, location_id) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description, updated_at = now()`,
		blogPath, c.Slug, c.Name, c.Description, db.ThisBusiness)
	if err != nil {
		return fmt.Errorf("sites: unable to save category %q: %w", c.Slug, err)
	}
	return nil
}

func (s *Store) SaveTag(ctx context.Context, t Tag) error {
	_, err := s.q.Exec(ctx, `INSERT INTO tags (slug, name) VALUES ($1, $2)
		ON CONFLICT (slug, location_id) DO UPDATE SET name = EXCLUDED.name, updated_at = now()`, t.Slug, t.Name)
	if err != nil {
		return fmt.Errorf("sites: unable to save tag %q: %w", t.Slug, err)
	}
	return nil
}

// SavePost creates or replaces the post with in.Slug, its body sanitised,
// with exactly the categories and tags named.
func (s *Store) SavePost(ctx context.Context, in PostInput) error {
	source, format, bodyJSON, err := postBody(in.BodyMarkdown, in.BodyHTML)
	if err != nil {
		return err
	}
	var cover []byte
	if in.Cover != nil {
		cover, _ = json.Marshal(in.Cover)
	}
	status, publishedAt := postStatus(in.Published, in.PublishedAt)
	var id int64
	err = s.q.QueryRow(ctx, `
		INSERT INTO posts (blog_id, slug, title, excerpt, body_source, body_format, body, cover, author_id, status, published_at)
		VALUES ((SELECT id FROM blogs WHERE path = $1 AND location_id = $12), $2, $3, $4, $5, $11, $6, $7,
		  (SELECT id FROM authors WHERE slug = $8 AND location_id = $12), $9, $10)
		ON CONFLICT (slug, location_id) DO UPDATE SET blog_id = EXCLUDED.blog_id, title = EXCLUDED.title, excerpt = EXCLUDED.excerpt,
		  body_source = EXCLUDED.body_source, body_format = EXCLUDED.body_format, body = EXCLUDED.body, cover = EXCLUDED.cover,
		  author_id = EXCLUDED.author_id, status = EXCLUDED.status, published_at = EXCLUDED.published_at, updated_at = now()
		RETURNING id`,
		in.Blog, in.Slug, in.Title, in.Excerpt, source, bodyJSON, cover, in.Author, status, publishedAt, format, db.ThisBusiness).Scan(&id)
	if err != nil {
		return fmt.Errorf("sites: unable to save post %q: %w", in.Slug, err)
	}
	if _, err := s.q.Exec(ctx, `DELETE FROM post_categories WHERE post_id = $1 AND location_id = $2`, id, db.ThisBusiness); err != nil {
		return fmt.Errorf("sites: unable to save post %q: %w", in.Slug, err)
	}
	if _, err := s.q.Exec(ctx, `DELETE FROM post_tags WHERE post_id = $1 AND location_id = $2`, id, db.ThisBusiness); err != nil {
		return fmt.Errorf("sites: unable to save post %q: %w", in.Slug, err)
	}
	if _, err := s.q.Exec(ctx, `INSERT INTO post_categories (post_id, category_id) SELECT $1, id FROM blog_categories WHERE slug = ANY($2) AND location_id = $3`,
		id, in.Categories, db.ThisBusiness); err != nil {
		return fmt.Errorf("sites: unable to file post %q: %w", in.Slug, err)
	}
	if _, err := s.q.Exec(ctx, `INSERT INTO post_tags (post_id, tag_id) SELECT $1, id FROM tags WHERE slug = ANY($2) AND location_id = $3`, id, in.Tags, db.ThisBusiness); err != nil {
		return fmt.Errorf("sites: unable to tag post %q: %w", in.Slug, err)
	}
	return nil
}
