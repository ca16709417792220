//go:build tools

// Package tools keeps the CLI's main package in this module's build list so
// `go mod tidy` records every checksum the build needs.
package tools

import _ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
