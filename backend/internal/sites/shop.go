package sites

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
	"slotwise/locales"
)

// productColumns read a product with its variants: what each shows of its
// stock is variant_shown's (migration 000056), the same words the cached
// pages' change notices follow.
const productColumns = `p.id, p.name, p.summary, p.description, p.images, p.price_cents, coalesce(p.compare_at_cents, 0), p.currency, p.available, p.updated_at,
	p.translations, (SELECT l.default_locale FROM locations l WHERE l.id = p.location_id),
	coalesce((SELECT jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name, 'priceCents', v.price_cents, 'shown', variant_shown(v))
	  ORDER BY v.position) FROM product_variants v WHERE v.product_id = p.id AND v.location_id = p.location_id), '[]')`

func scanProduct(row pgx.Row) (Product, error) {
	var p Product
	var description, images, variants []byte
	if err := row.Scan(&p.ID, &p.Name, &p.Summary, &description, &images, &p.PriceCents, &p.CompareAtCents, &p.Currency, &p.Available, &p.UpdatedAt,
		&p.translations, &p.Original, &variants); err != nil {
		return p, err
	}
	if err := p.readVariants(variants); err != nil {
		return p, err
	}
	p.Lang = locales.Lang(p.Original)
	if err := json.Unmarshal(description, &p.Description); err != nil {
		return p, fmt.Errorf("sites: product %q has a description that is not rich text: %w", p.ID, err)
	}
	if err := json.Unmarshal(images, &p.Images); err != nil {
		return p, fmt.Errorf("sites: product %q has images that are not: %w", p.ID, err)
	}
	p.Collections = []CollectionRef{}
	return p, nil
}

// readVariants reads the variants' JSON and what is left of each; a
// product is available when it is offered and one of them is not sold
// out.
func (p *Product) readVariants(raw []byte) error {
	var read []struct {
		ID         string `json:"id"`
		Name       string `json:"name"`
		PriceCents int64  `json:"priceCents"`
		Shown      string `json:"shown"`
	}
	if err := json.Unmarshal(raw, &read); err != nil {
		return fmt.Errorf("sites: product %q has variants that are not: %w", p.ID, err)
	}
	p.Variants = make([]ProductVariant, 0, len(read))
	buyable := false
	for _, v := range read {
		left := -1
		switch v.Shown {
		case "in":
		case "out":
			left = 0
		default:
			left, _ = strconv.Atoi(v.Shown)
		}
		buyable = buyable || left != 0
		p.Variants = append(p.Variants, ProductVariant{ID: v.ID, Name: v.Name, PriceCents: v.PriceCents, Left: left})
	}
	p.Available = p.Available && buyable
	return nil
}

// ProductByID returns a published product with the collections it is in.
// Its texts are in locale where the business translated them.
func (s *Store) ProductByID(ctx context.Context, id, locale string) (*Product, error) {
	p, err := s.productByID(ctx, id, false)
	if err != nil {
		return nil, err
	}
	if err := p.in(locale); err != nil {
		return nil, err
	}
	return p, s.collectionTitlesIn(ctx, p.Collections, locale)
}

func (s *Store) productByID(ctx context.Context, id string, drafts bool) (*Product, error) {
	p, err := scanProduct(s.q.QueryRow(ctx, `SELECT `+productColumns+` FROM products p WHERE p.id = $1 AND p.location_id = $3 AND (p.status = 'published' OR $2)`,
		id, drafts, db.ThisBusiness))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("sites: unable to fetch product %q: %w", id, err)
	}
	rows, err := s.q.Query(ctx, `SELECT c.slug, c.title FROM collections c
		JOIN collection_products cp ON cp.collection_slug = c.slug AND cp.location_id = c.location_id
		WHERE cp.product_id = $1 AND cp.location_id = $2 AND c.published ORDER BY c.title`, id, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("sites: unable to list the collections of %q: %w", id, err)
	}
	refs, err := pgx.CollectRows(rows, pgx.RowToStructByPos[CollectionRef])
	if err != nil {
		return nil, fmt.Errorf("sites: unable to list the collections of %q: %w", id, err)
	}
	p.Collections = append(p.Collections, refs...)
	return &p, nil
}

// collectionOrder is each sort's ORDER BY; manual is the business's own.
var collectionOrder = map[string]string{
	"manual":     "cp.position, p.name",
	"price-asc":  "p.price_cents, p.name",
	"price-desc": "p.price_cents DESC, p.name",
	"newest":     "p.created_at DESC, p.name",
	"name":       "p.name",
}

// CollectionBySlug returns a published collection with its published
// products in the collection's order.
// Its texts and its products' are in locale where the business translated
// them.
func (s *Store) CollectionBySlug(ctx context.Context, slug, locale string) (*Collection, error) {
	var c Collection
	var sort string
	var translations []byte
	err := s.q.QueryRow(ctx, `SELECT c.slug, c.title, c.description, c.sort, c.translations, l.default_locale
		FROM collections c JOIN locations l ON l.id = c.location_id WHERE c.slug = $1 AND c.location_id = $2 AND c.published`, slug, db.ThisBusiness).
		Scan(&c.Slug, &c.Title, &c.Description, &sort, &translations, &c.Original)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("sites: unable to fetch collection %q: %w", slug, err)
	}
	order, ok := collectionOrder[sort]
	if !ok {
		order = collectionOrder["manual"]
	}
	rows, err := s.q.Query(ctx, `SELECT `+productColumns+` FROM products p
		JOIN collection_products cp ON cp.product_id = p.id AND cp.location_id = p.location_id
		WHERE cp.collection_slug = $1 AND cp.location_id = $2 AND p.status = 'published' ORDER BY `+order, slug, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("sites: unable to list collection %q: %w", slug, err)
	}
	c.Products, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Product, error) {
		p, err := scanProduct(r)
		if err == nil {
			err = p.in(locale)
		}
		return p, err
	})
	if err != nil {
		return nil, fmt.Errorf("sites: unable to list collection %q: %w", slug, err)
	}
	return &c, c.in(translations, locale)
}

// ProductInput is a product as the business writes it: the description in
// HTML, sanitised here on the way in.
type ProductInput struct {
	ID, Name, Summary, DescriptionHTML string
	Images                             []Image
	PriceCents, CompareAtCents         int64 // CompareAtCents 0: none
	Currency                           string
	Available, Published               bool
}

// SaveProduct creates or replaces the product with in.ID.
func (s *Store) SaveProduct(ctx context.Context, in ProductInput) error {
	description, err := SanitizeHTML(in.DescriptionHTML)
	if err != nil {
		return err
	}
	descJSON, _ := json.Marshal(description) // a tree of strings always encodes
	if in.Images == nil {
		in.Images = []Image{}
	}
	imagesJSON, _ := json.Marshal(in.Images)
	var compareAt *int64
	if in.CompareAtCents > 0 {
		compareAt = &in.CompareAtCents
	}
	status := "draft"
	if in.Published {
		status = "published"
	}
	_, err = s.q.Exec(ctx, `
		INSERT INTO products (id, name, summary, description_source, description, images, price_cents, compare_at_cents, currency, available, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
		ON CONFLICT (id, location_id) DO UPDATE SET name = EXCLUDED.name, summary = EXCLUDED.summary, description_source = EXCLUDED.description_source,
		  description = EXCLUDED.description, images = EXCLUDED.images, price_cents = EXCLUDED.price_cents,
		  compare_at_cents = EXCLUDED.compare_at_cents, currency = EXCLUDED.currency, available = EXCLUDED.available,
		  status = EXCLUDED.status, updated_at = now()`,
		in.ID, in.Name, in.Summary, in.DescriptionHTML, descJSON, imagesJSON, in.PriceCents, compareAt, in.Currency, in.Available, status)
	if err != nil {
		return fmt.Errorf("sites: unable to save product %q: %w", in.ID, err)
	}
	return nil
}

// SaveCollection creates or replaces a collection with exactly the
// products named, in that order.
func (s *Store) SaveCollection(ctx context.Context, c Collection, sort string, productIDs []string) error {
	if _, err := s.q.Exec(ctx, `INSERT INTO collections (slug, title, description, sort) VALUES ($1, $2, $3, $4)
		ON CONFLICT (slug, location_id) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description, sort = EXCLUDED.sort, updated_at = now()`,
		c.Slug, c.Title, c.Description, sort); err != nil {
		return fmt.Errorf("sites: unable to save collection %q: %w", c.Slug, err)
	}
	if _, err := s.q.Exec(ctx, `DELETE FROM collection_products WHERE collection_slug = $1 AND location_id = $2`, c.Slug, db.ThisBusiness); err != nil {
		return fmt.Errorf("sites: unable to save collection %q: %w", c.Slug, err)
	}
	for i, id := range productIDs {
		if _, err := s.q.Exec(ctx, `INSERT INTO collection_products (collection_slug, product_id, position) VALUES ($1, $2, $3)`, c.Slug, id, i); err != nil {
			return fmt.Errorf("sites: unable to put %q in collection %q: %w", id, c.Slug, err)
		}
	}
	return nil
}

// publishedShop lists the published products and collections for the
// sitemap (Published).
func (s *Store) publishedShop(ctx context.Context) ([]Entry, error) {
	rows, err := s.q.Query(ctx, `
		SELECT 'product', '', id, updated_at, ARRAY(SELECT jsonb_object_keys(translations) ORDER BY 1)
		  FROM products WHERE status = 'published' AND location_id = $1
		UNION ALL
		SELECT 'collection', '', slug, updated_at, ARRAY(SELECT jsonb_object_keys(translations) ORDER BY 1)
		  FROM collections WHERE published AND location_id = $1
		ORDER BY 1, 3`, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("sites: unable to list the catalogue: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Entry, error) {
		var e Entry
		var modified time.Time
		err := r.Scan(&e.Kind, &e.Path, &e.Slug, &modified, &e.Translations)
		e.Modified = modified
		return e, err
	})
}

// Media returns a stored picture and its content type.
func (s *Store) Media(ctx context.Context, name string) ([]byte, string, error) {
	var data []byte
	var contentType string
	err := s.q.QueryRow(ctx, `SELECT data, content_type FROM media WHERE name = $1 AND location_id = $2`, name, db.ThisBusiness).Scan(&data, &contentType)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, "", ErrNotFound
	}
	if err != nil {
		return nil, "", fmt.Errorf("sites: unable to fetch media %q: %w", name, err)
	}
	return data, contentType, nil
}

// SaveMedia stores a picture under a name; the name is its identity, so a
// different picture must have a different name.
func (s *Store) SaveMedia(ctx context.Context, name, contentType string, data []byte) error {
	_, err := s.q.Exec(ctx, `INSERT INTO media (name, content_type, data) VALUES ($1, $2, $3)
		ON CONFLICT (name, location_id) DO UPDATE SET content_type = EXCLUDED.content_type, data = EXCLUDED.data`, name, contentType, data)
	if err != nil {
		return fmt.Errorf("sites: unable to save media %q: %w", name, err)
	}
	return nil
}
