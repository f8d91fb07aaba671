/** An unsigned token carrying the given roles (the client only reads claims; the server verifies). */
export function storyToken(roles: string[]): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'u1', id: 'u1', role: roles, plan: 'essential', exp: 4102444800 })}.story`;
}
