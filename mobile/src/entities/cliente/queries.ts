// Customer queries more than one feature reads, and what a write on customers makes stale.
import { queryOptions } from '@tanstack/react-query';
import { chavesClientes, resumoCarteira } from './api';

/** What a write on customers (or on who owns them) makes stale: the lists and the portfolio. */
export const APOS_GRAVAR_CLIENTES = [chavesClientes.todos, chavesClientes.carteira] as const;

/** Customers per seller (the portfolio summary). */
export const resumoCarteiraQueryOptions = () => queryOptions({ queryKey: chavesClientes.carteira, queryFn: ({ signal }) => resumoCarteira(signal) });
