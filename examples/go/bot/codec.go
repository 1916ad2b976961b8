package main

// Debian's grpc-go (1.33) marshals with github.com/golang/protobuf 1.3,
// which predates the generated code's API (google.golang.org/protobuf):
// this codec, registered under grpc's "proto" name, marshals with the
// current API instead.

import (
	"fmt"

	"google.golang.org/grpc/encoding"
	"google.golang.org/protobuf/proto"
)

type codec struct{}

func (codec) Name() string { return "proto" }

func (codec) Marshal(v interface{}) ([]byte, error) {
	m, ok := v.(proto.Message)
	if !ok {
		return nil, fmt.Errorf("cannot marshal %T: not a protobuf message", v)
	}
	return proto.Marshal(m)
}

func (codec) Unmarshal(data []byte, v interface{}) error {
	m, ok := v.(proto.Message)
	if !ok {
		return fmt.Errorf("cannot unmarshal into %T: not a protobuf message", v)
	}
	return proto.Unmarshal(data, m)
}

func init() { encoding.RegisterCodec(codec{}) }
