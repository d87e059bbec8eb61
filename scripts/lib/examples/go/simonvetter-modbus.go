// Package modbus declares the part of github.com/simonvetter/modbus v1.6.4 (MIT) that the Go
// examples use: the Modbus server, its request types and errors. Signatures, field names and error
// texts are those of the library's server.go and modbus.go; the bodies only make the examples
// compile, they serve nothing. The module is neither in Debian nor reachable here, so the example
// checker puts this file on GOPATH instead of the library.
package modbus

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"log"
	"time"
)

// Error is a Modbus error; the exception errors below map to exception codes 01–04.
type Error string

func (me Error) Error() (s string) { return string(me) }

const (
	ErrConfigurationError      Error = "configuration error"
	ErrRequestTimedOut         Error = "request timed out"
	ErrIllegalFunction         Error = "illegal function"
	ErrIllegalDataAddress      Error = "illegal data address"
	ErrIllegalDataValue        Error = "illegal data value"
	ErrServerDeviceFailure     Error = "server device failure"
	ErrAcknowledge             Error = "request acknowledged"
	ErrServerDeviceBusy        Error = "server device busy"
	ErrMemoryParityError       Error = "memory parity error"
	ErrGWPathUnavailable       Error = "gateway path unavailable"
	ErrGWTargetFailedToRespond Error = "gateway target device failed to respond"
)

type ServerConfiguration struct {
	URL           string
	Timeout       time.Duration
	MaxClients    uint
	TLSServerCert *tls.Certificate
	TLSClientCAs  *x509.CertPool
	Logger        *log.Logger
}

type CoilsRequest struct {
	ClientAddr string
	ClientRole string
	UnitId     uint8
	Addr       uint16
	Quantity   uint16
	IsWrite    bool
	Args       []bool
}

type DiscreteInputsRequest struct {
	ClientAddr string
	ClientRole string
	UnitId     uint8
	Addr       uint16
	Quantity   uint16
}

type HoldingRegistersRequest struct {
	ClientAddr string
	ClientRole string
	UnitId     uint8
	Addr       uint16
	Quantity   uint16
	IsWrite    bool
	Args       []uint16
}

type InputRegistersRequest struct {
	ClientAddr string
	ClientRole string
	UnitId     uint8
	Addr       uint16
	Quantity   uint16
}

type RequestHandler interface {
	HandleCoils(req *CoilsRequest) (res []bool, err error)
	HandleDiscreteInputs(req *DiscreteInputsRequest) (res []bool, err error)
	HandleHoldingRegisters(req *HoldingRegistersRequest) (res []uint16, err error)
	HandleInputRegisters(req *InputRegistersRequest) (res []uint16, err error)
}

type ModbusServer struct {
	conf    ServerConfiguration
	handler RequestHandler
}

var errStub = errors.New("modbus: declaration stub for the documentation checks, not a server")

func NewServer(conf *ServerConfiguration, reqHandler RequestHandler) (ms *ModbusServer, err error) {
	return &ModbusServer{conf: *conf, handler: reqHandler}, nil
}

func (ms *ModbusServer) Start() (err error) { return errStub }

func (ms *ModbusServer) Stop() (err error) { return nil }
