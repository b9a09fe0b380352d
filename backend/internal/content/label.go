package content

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"gopkg.in/yaml.v3"
)

// Label is a category's texts in a translation: a service menu's category
// has only a name, written as plain text (Haare: Hair); a blog's may also
// have a description, written as fields (massage: {name: …, description: …}).
type Label struct {
	Name        string `yaml:"name"`
	Description string `yaml:"description,omitempty"`
}

// labelFields is a Label written as fields, where it has a description.
type labelFields struct {
	Name        string `yaml:"name" json:"name"`
	Description string `yaml:"description,omitempty" json:"description,omitempty"`
}

func (l Label) MarshalYAML() (any, error) {
	if l.Description == "" {
		return l.Name, nil
	}
	return labelFields(l), nil
}

func (l *Label) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		*l = Label{}
		return n.Decode(&l.Name)
	}
	if n.Kind != yaml.MappingNode {
		return fmt.Errorf("line %d: a category's translation is its name, or its name and description", n.Line)
	}
	// A node decodes without the document's strictness: refuse what a
	// label does not have here.
	for i := 0; i < len(n.Content); i += 2 {
		if k := n.Content[i].Value; k != "name" && k != "description" {
			return fmt.Errorf("line %d: field %s not found in type content.Label", n.Content[i].Line, k)
		}
	}
	var v labelFields
	err := n.Decode(&v)
	*l = Label(v)
	return err
}

func (l Label) MarshalJSON() ([]byte, error) {
	if l.Description == "" {
		return json.Marshal(l.Name)
	}
	return json.Marshal(labelFields(l))
}

func (l *Label) UnmarshalJSON(data []byte) error {
	if d := bytes.TrimSpace(data); len(d) > 0 && d[0] == '"' {
		*l = Label{}
		return json.Unmarshal(d, &l.Name)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var v labelFields
	if err := dec.Decode(&v); err != nil {
		return errors.New("a category's translation is its name, or an object of its name and description")
	}
	*l = Label(v)
	return nil
}
