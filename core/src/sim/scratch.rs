//! `Scratch<T>`: a value a structure keeps only to avoid allocating (reused buffers, caches),
//! which is not simulation state.
//!
//! 1. It compares equal to any other `Scratch<T>`, so two states that differ only in what their
//!    scratch happens to hold are equal (the labs' state-equality tests and rewind rely on it).
//! 2. A clone starts from `T::default()`: a keyframe or a cloned session never carries buffers.
//! 3. `Deref`/`DerefMut` give the value itself.

use std::ops::{Deref, DerefMut};

#[derive(Debug, Default)]
pub struct Scratch<T: Default>(pub T);

impl<T: Default> Clone for Scratch<T> {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl<T: Default> PartialEq for Scratch<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T: Default> Eq for Scratch<T> {}

impl<T: Default> Deref for Scratch<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Default> DerefMut for Scratch<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

#[cfg(test)]
mod tests {
    use super::Scratch;

    #[test]
    fn scratch_is_equal_whatever_it_holds_and_clones_empty() {
        let mut a: Scratch<Vec<u32>> = Scratch::default();
        a.push(7);
        let b: Scratch<Vec<u32>> = Scratch(vec![1, 2, 3]);
        assert_eq!(a, b);
        assert_eq!(a.len(), 1);
        assert!(a.clone().is_empty());
    }
}
