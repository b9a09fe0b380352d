package content

import (
	"encoding/json"

	"gopkg.in/yaml.v3"

	"slotwise/backend/internal/forms"
)

// MarshalYAML writes a definition in the engine's own order: JSON of
// forms.Definition is YAML already, read as a node (which keeps the order)
// and let out of JSON's flow style.
func (d Definition) MarshalYAML() (any, error) {
	raw, err := json.Marshal(map[string]any(d))
	if err != nil {
		return nil, err
	}
	var def forms.Definition
	if json.Unmarshal(raw, &def) != nil {
		return map[string]any(d), nil // not the engine's shape: written as it is
	}
	if raw, err = json.Marshal(&def); err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil || len(doc.Content) == 0 {
		return map[string]any(d), nil
	}
	blockStyle(doc.Content[0])
	return doc.Content[0], nil
}

func blockStyle(n *yaml.Node) {
	n.Style = 0
	for _, c := range n.Content {
		blockStyle(c)
	}
}
