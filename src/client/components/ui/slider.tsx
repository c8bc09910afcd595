import * as SliderPrimitive from '@radix-ui/react-slider';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

// shadcn-style range slider over Radix (keyboard, ARIA). One thumb per value; pass thumbLabels so
// each thumb has an accessible name.
export function Slider({
  className,
  thumbLabels,
  ...props
}: ComponentProps<typeof SliderPrimitive.Root> & { thumbLabels: string[] }) {
  return (
    <SliderPrimitive.Root
      className={cn('relative flex h-11 w-full touch-none items-center select-none', className)}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-muted">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      {thumbLabels.map((label) => (
        <SliderPrimitive.Thumb
          key={label}
          aria-label={label}
          className="block size-5 rounded-full border-2 border-primary bg-background shadow focus-visible:outline-3 focus-visible:outline-ring"
        />
      ))}
    </SliderPrimitive.Root>
  );
}
