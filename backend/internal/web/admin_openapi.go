package web

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/gin-gonic/gin"
)

// adminOpenAPI is the admin API's OpenAPI document. Tests validate every
// request and answer of the real handlers against it (admin_test.go).
//
//go:embed admin_openapi.yaml
var adminOpenAPI []byte

// AdminOpenAPI loads and checks the admin API's document.
func AdminOpenAPI() (*openapi3.T, error) {
	doc, err := openapi3.NewLoader().LoadFromData(adminOpenAPI)
	if err != nil {
		return nil, fmt.Errorf("web: the admin API's document does not load: %w", err)
	}
	if err := doc.Validate(openapi3.NewLoader().Context); err != nil {
		return nil, fmt.Errorf("web: the admin API's document is not valid OpenAPI: %w", err)
	}
	return doc, nil
}

var openAPIJSON = sync.OnceValues(func() ([]byte, error) {
	doc, err := AdminOpenAPI()
	if err != nil {
		return nil, err
	}
	return json.Marshal(doc)
})

// serveOpenAPI answers GET /api/admin/openapi.json; it needs no token, so
// tools can read it before they have one.
func serveOpenAPI(c *gin.Context) {
	body, err := openAPIJSON()
	if err != nil {
		apiError(c, http.StatusInternalServerError, "internal", "The API's document is broken in this build")
		return
	}
	c.Header("Cache-Control", "public, max-age=300")
	c.Data(http.StatusOK, "application/json", body)
}
