// Ionic components for the code-split screens.
//
// @ionic/react is one module: every wrapper it defines that ANY screen uses lands, with its
// component code, in the chunk holding @ionic/react, i.e. the first one every route loads.
// Defining the wrappers here (as @ionic/react does, with Stencil's createComponent over
// @ionic/core/components), one module per component, puts each component in the chunks of
// the screens that use it. The types are @ionic/react's own, so props are checked the same way.
import React, { forwardRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { createComponent } from '@stencil/react-output-target/runtime';

export const FORM_EVENTS = { onIonChange: 'ionChange', onIonFocus: 'ionFocus', onIonBlur: 'ionBlur' } as const;

export function wrap<T>(tagName: string, elementClass: unknown, defineCustomElement: () => void, events: Record<string, string> = {}): T {
  return createComponent({
    tagName,
    elementClass: elementClass as typeof HTMLElement,
    react: React,
    events,
    defineCustomElement,
  }) as unknown as T;
}

/** Adds `routerLink` (client-side navigation, as @ionic/react's routing components do). */
export function withRouterLink<T>(Base: unknown, displayName: string): T {
  const Component = Base as React.ComponentType<Record<string, unknown>>;
  const C = forwardRef<HTMLElement, Record<string, unknown>>(function RouterLinked(props, ref) {
    const navigate = useNavigate();
    const { routerLink, routerDirection: _direction, onClick, ...rest } = props as {
      routerLink?: string;
      routerDirection?: string;
      onClick?: (e: MouseEvent) => void;
    } & Record<string, unknown>;
    void _direction;
    if (!routerLink) return <Component ref={ref} onClick={onClick} {...rest} />;
    return (
      <Component
        ref={ref}
        href={rest.href ?? routerLink}
        {...rest}
        onClick={(e: MouseEvent) => {
          onClick?.(e);
          if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.shiftKey) return;
          e.preventDefault();
          navigate(routerLink);
        }}
      />
    );
  });
  C.displayName = displayName;
  return C as unknown as T;
}
