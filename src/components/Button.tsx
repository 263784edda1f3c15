// Buttons and button-styled links in Moori's few variants. Always real <button>/<a> elements.
import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { Link, type LinkProps } from 'react-router-dom'
import styles from './Button.module.css'

type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'ghost' | 'danger'

interface StyleProps {
  variant?: ButtonVariant
  size?: 'normal' | 'small'
  /** A square button with only an icon; give it an aria-label. */
  iconOnly?: boolean
  block?: boolean
}

function classes({ variant = 'secondary', size = 'normal', iconOnly, block }: StyleProps, extra?: string): string {
  return [
    styles.button,
    styles[variant],
    size === 'small' ? styles.small : '',
    iconOnly ? styles.iconOnly : '',
    block ? styles.block : '',
    extra ?? '',
  ]
    .filter(Boolean)
    .join(' ')
}

export function Button({
  variant,
  size,
  iconOnly,
  block,
  className,
  type = 'button',
  children,
  ...rest
}: StyleProps & ButtonHTMLAttributes<HTMLButtonElement> & { children?: ReactNode }) {
  return (
    <button type={type} className={classes({ variant, size, iconOnly, block }, className)} {...rest}>
      {children}
    </button>
  )
}

export function ButtonLink({ variant, size, iconOnly, block, className, ...rest }: StyleProps & LinkProps) {
  return <Link className={classes({ variant, size, iconOnly, block }, className)} {...rest} />
}
