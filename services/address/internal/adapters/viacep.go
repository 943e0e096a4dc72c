// Package adapters holds the address service's store declarations (regions, the CEP cache) and
// its upstream postal-code client.
package adapters

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/crmvendas/crm/services/address/internal/domain"
	"github.com/crmvendas/crm/services/platform/errs"
)

// ViaCEP asks the public postal-code service at BaseURL (/ws/{cep}/json/).
type ViaCEP struct {
	BaseURL string
	Client  *http.Client
}

// NewViaCEP returns a client with the 2 s timeout the app can afford.
func NewViaCEP(base string) *ViaCEP {
	return &ViaCEP{BaseURL: base, Client: &http.Client{Timeout: 2 * time.Second}}
}

const msgUnavailable = "Serviço de consulta de CEP indisponível no momento. Tente novamente ou preencha o endereço manualmente."

type viaCEPAnswer struct {
	Erro        any    `json:"erro"`
	CEP         string `json:"cep"`
	Logradouro  string `json:"logradouro"`
	Complemento string `json:"complemento"`
	Bairro      string `json:"bairro"`
	Localidade  string `json:"localidade"`
	UF          string `json:"uf"`
	IBGE        string `json:"ibge"`
	DDD         string `json:"ddd"`
}

func (v *ViaCEP) Lookup(ctx context.Context, cep string) (*domain.Endereco, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, v.BaseURL+"/ws/"+cep+"/json/", nil)
	if err != nil {
		return nil, errs.Unavailable(msgUnavailable, err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := v.Client.Do(req)
	if err != nil {
		return nil, errs.Unavailable(msgUnavailable, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return nil, errs.Unavailable(msgUnavailable, err)
	}
	switch {
	case resp.StatusCode == http.StatusBadRequest || resp.StatusCode == http.StatusNotFound:
		return nil, domain.ErrCEPNotFound
	case resp.StatusCode != http.StatusOK:
		return nil, errs.Unavailable(msgUnavailable, fmt.Errorf("viacep respondeu %d", resp.StatusCode))
	}
	var a viaCEPAnswer
	if err := json.Unmarshal(body, &a); err != nil {
		return nil, errs.Unavailable(msgUnavailable, fmt.Errorf("resposta inválida do viacep: %w", err))
	}
	if a.Erro == true || a.Erro == "true" {
		return nil, domain.ErrCEPNotFound
	}
	if a.CEP == "" && a.Localidade == "" {
		return nil, errs.Unavailable(msgUnavailable, fmt.Errorf("resposta vazia do viacep"))
	}
	if a.CEP == "" {
		a.CEP = cep[:5] + "-" + cep[5:]
	}
	return &domain.Endereco{CEP: a.CEP, Logradouro: a.Logradouro, Complemento: a.Complemento, Bairro: a.Bairro,
		Localidade: a.Localidade, UF: a.UF, IBGE: a.IBGE, DDD: a.DDD}, nil
}
