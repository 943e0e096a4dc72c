// The bench's signed-in supervisor (of the bench company, looking at the whole team), stored
// before the app's session module reads localStorage: graficos-harness imports this first.
for (const [k, v] of Object.entries({ empresa: 'bench', operador: 'sup', UID: 'u1', perfil: 'SUPERVISOR', nome_operador: 'Bench', medida: 'true', filtro_vendedor_id: '' })) localStorage.setItem(k, v);
