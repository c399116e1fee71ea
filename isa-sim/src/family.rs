//! [`execute_family!`](crate::execute_family!) and [`unexecuted!`](crate::unexecuted!): how a
//! family, the built-in ISA's or a user's, gets its [`Execute`](crate::Execute).

/// Implements [`Execute`](crate::Execute) for a family declared with `isa_core::family!`, by
/// dispatching to each member's own implementation. List every variant with its member type,
/// as in the `family!` declaration; a base family (`extends isa_ops::Op as Builtin`) is one
/// variant whose type is the base family, which isa-sim already implements.
///
/// The built-in `isa_ops::Op` gets its implementation from this macro exactly as a user's
/// family does (see `isa_sim::ops`). A member that does not implement `Execute` makes the
/// expansion fail to compile with "the trait bound `Member: Execute` is not satisfied", naming
/// the member and the trait; a variant left out of the list fails as a non-exhaustive match.
///
/// ```ignore
/// isa_sim::execute_family! {
///     my_isa::MyOp {
///         Builtin(isa_ops::Op),
///         TensorMax(my_isa::TensorMax),
///     }
/// }
/// ```
#[macro_export]
macro_rules! execute_family {
    (
        $family:ty {
            $( $variant:ident($member:ty) ),+ $(,)?
        }
    ) => {
        impl $crate::Execute for $family {
            fn forms(out: &mut ::std::vec::Vec<&'static $crate::Semantics>) {
                $( <$member as $crate::Execute>::forms(out); )+
            }

            fn semantics(&self) -> &'static $crate::Semantics {
                match self {
                    $( Self::$variant(m) => <$member as $crate::Execute>::semantics(m), )+
                }
            }

            fn execute(
                &self,
                step: &mut $crate::Step<'_>,
            ) -> ::core::result::Result<(), $crate::Fault> {
                match self {
                    $( Self::$variant(m) => <$member as $crate::Execute>::execute(m, step), )+
                }
            }
        }
    };
}

/// Implements [`Execute`](crate::Execute) for a member that does not run: one
/// [`Semantics`](crate::Semantics) whose status is `NoPublicSemantics(why)` or `NotExecuted`, and an
/// `execute` that stops with it ([`refuse`](crate::refuse)).
///
/// ```ignore
/// isa_sim::unexecuted!(my_isa::Shuffle => &Semantics {
///     form: "Shuffle",
///     pseudocode: "unknown",
///     source: "none found",
///     confidence: Confidence::Speculative,
///     status: Status::NoPublicSemantics("no public source gives Shuffle a meaning"),
/// });
/// ```
#[macro_export]
macro_rules! unexecuted {
    ($member:ty => $semantics:expr) => {
        impl $crate::Execute for $member {
            fn forms(out: &mut ::std::vec::Vec<&'static $crate::Semantics>) {
                out.push($semantics);
            }

            fn semantics(&self) -> &'static $crate::Semantics {
                $semantics
            }

            fn execute(
                &self,
                _step: &mut $crate::Step<'_>,
            ) -> ::core::result::Result<(), $crate::Fault> {
                $crate::refuse($semantics)
            }
        }
    };
}
