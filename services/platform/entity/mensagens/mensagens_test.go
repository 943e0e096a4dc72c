package mensagens

import (
	"strings"
	"testing"
)

// TestProtosEmDia: the repository's generated entity messages are what their declarations make.
func TestProtosEmDia(t *testing.T) {
	if err := Verificar("../../../../proto/crm"); err != nil {
		t.Fatal(err)
	}
}

const servico = `syntax = "proto3";

service S {
  rpc ListarTermos(PaginaRequest) returns (ListarTermosResponse);
  rpc AlteracoesTermos(AlteracoesRequest) returns (AlteracoesTermosResponse);
  rpc CriarTermo(CriarTermoRequest) returns (Termo);
  rpc AtualizarTermo(AtualizarTermoRequest) returns (Termo);
}

message Termo {
  string id = 1;
  string empresa = 2;
  // The name.
  string nome = 3;
  repeated int32 dias = 4;
  repeated string clientes = 5;
  int64 versao = 6;
  google.protobuf.Timestamp alterado_em = 7;
  bool excluido = 8;
  bool ativo = 9;
}

// crm:entidade Termo um=Termo varios=Termos padrao=ativo:true limpar=clientes
// crm:fim

message Outra {}
`

// TestGerar: every message of a full entity, numbered in order, the bookkeeping left out.
func TestGerar(t *testing.T) {
	got, err := Gerar(servico)
	if err != nil {
		t.Fatal(err)
	}
	quer := `// crm:entidade Termo um=Termo varios=Termos padrao=ativo:true limpar=clientes
` + aviso + `

message ListarTermosResponse {
  repeated Termo termos = 1;
  string next_page_token = 2;
}

message AlteracaoTermo {
  string id = 1;
  bool removido = 2;
  Termo termo = 3;
}

message AlteracoesTermosResponse {
  repeated AlteracaoTermo alteracoes = 1;
  string cursor = 2;
  bool mais = 3;
  // Only on the first page of a first copy (desde empty): how many records the copy is heading
  // for, so the device can say how far it is. 0 on every other page.
  int32 total = 4;
}

message CriarTermoRequest {
  string id = 1;
  string nome = 2;
  repeated int32 dias = 3;
  repeated string clientes = 4;
  // Default true.
  optional bool ativo = 5;
}

message AtualizarTermoRequest {
  string id = 1;
  int64 versao = 2;
  optional string nome = 3;
  // Replace the stored list when present.
  repeated int32 dias = 4;
  // Replace the stored list when present.
  repeated string clientes = 5;
  // Empty the stored list (when clientes is not sent).
  bool limpar_clientes = 6;
  optional bool ativo = 7;
}

// crm:fim

message Outra {}
`
	if i := strings.Index(got, "// crm:entidade"); i < 0 || got[i:] != quer {
		t.Fatalf("gerado:\n%s", got)
	}
	// Generating again changes nothing; a block edited by hand is written anew.
	if again, err := Gerar(got); err != nil || again != got {
		t.Fatalf("não é estável: %v\n%s", err, again)
	}
	editado := strings.Replace(got, "string next_page_token = 2;", "string next_page_token = 3;", 1)
	if again, _ := Gerar(editado); again != got {
		t.Fatal("bloco editado à mão não foi refeito")
	}
	// Only the messages an RPC names: a service without feed nor update gets the page and the create.
	sem := strings.NewReplacer("  rpc AlteracoesTermos(AlteracoesRequest) returns (AlteracoesTermosResponse);\n", "",
		"  rpc AtualizarTermo(AtualizarTermoRequest) returns (Termo);\n", "").Replace(servico)
	got, err = Gerar(sem)
	if err != nil || strings.Contains(got, "AlteracaoTermo") || strings.Contains(got, "AtualizarTermoRequest") || !strings.Contains(got, "message CriarTermoRequest") {
		t.Fatalf("%v\n%s", err, got)
	}
}

// A declaration the generator cannot follow says why.
func TestDeclaracaoInvalida(t *testing.T) {
	casos := map[string]string{
		"// crm:entidade Termo um=Termo":                                "precisa de um= e varios=",
		"// crm:entidade Termo um=Termo varios=Termos cor=azul":         `chave "cor" desconhecida`,
		"// crm:entidade Nada um=Termo varios=Termos":                   "não achei a mensagem Nada",
		"// crm:entidade Termo um=Termo varios=Termos padrao=dias:1":    "padrao=dias",
		"// crm:entidade Termo um=Termo varios=Termos limpar=nome":      "limpar=nome",
		"// crm:entidade Termo um=Outro varios=Outros":                  "nenhuma RPC",
		"// crm:entidade Termo um=Termo varios=Termos padrao=ativo":     "padrao=campo:valor",
		"// crm:entidade Termo um=Termo varios=Termos\n// crm:entidade": "não termina",
	}
	for diretiva, quer := range casos {
		src := strings.Replace(servico, "// crm:entidade Termo um=Termo varios=Termos padrao=ativo:true limpar=clientes", diretiva, 1)
		if strings.Contains(diretiva, "\n") {
			src = strings.Replace(src, "// crm:fim\n", "", 1)
		}
		if _, err := Gerar(src); err == nil || !strings.Contains(err.Error(), quer) {
			t.Errorf("%s: %v, quero %q", diretiva, err, quer)
		}
	}
}
