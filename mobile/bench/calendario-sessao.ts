// The bench's signed-in seller (of the bench company), stored before the app's session module
// reads localStorage: calendario-harness imports this first.
for (const [k, v] of Object.entries({ empresa: 'bench', operador: 'v01', UID: 'u1', perfil: 'VENDEDOR', nome_operador: 'Vendedor 01', medida: 'true' })) localStorage.setItem(k, v);
